// Splitting a bot's stdout into lines, with a length cap.
//
// Why it is its own class: it is the first code that sees a bot's bytes, so it
// is fuzzed on its own (fuzz/), and its cost must not depend on how a bot
// chooses to cut its output. Consumed bytes are skipped with an offset and
// the buffer compacted in bulk, and a partial line is never scanned twice, so
// a megabyte of empty lines or of bytes without a newline costs linear time.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>

namespace dtref {

class LineReader {
 public:
  explicit LineReader(size_t max_line) : max_line_(max_line) {}

  void append(const char* data, size_t n);
  // The next complete line, without its "\n" (and a "\r" before it); blank
  // lines are skipped. A line longer than max_line is returned with
  // *overlong set and only its first 200 bytes in *line; the rest of it is
  // dropped as it arrives. False when no complete line is buffered.
  bool next(std::string* line, bool* overlong);
  size_t buffered() const { return buf_.size() - pos_; }  // bytes not yet returned
  // The start of a line still waiting for its "\n" (at most `max` bytes).
  std::string partial(size_t max) const { return buf_.substr(pos_, std::min(max, buf_.size() - pos_)); }
  void clear();

 private:
  void compact();
  const size_t max_line_;
  std::string buf_;
  size_t pos_ = 0;    // start of the unread part of buf_
  size_t scan_ = 0;   // buf_[pos_, scan_) holds no newline
  bool discarding_ = false;  // inside an over-long line: drop until its newline
};

}  // namespace dtref
