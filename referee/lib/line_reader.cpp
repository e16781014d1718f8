// LineReader (see line_reader.hpp).
#include "dtref/line_reader.hpp"

#include <cstring>

namespace dtref {

void LineReader::append(const char* data, size_t n) {
  compact();
  buf_.append(data, n);
}

void LineReader::clear() {
  buf_.clear();
  pos_ = scan_ = 0;
  discarding_ = false;
}

void LineReader::compact() {
  // Bulk erase, once the dead prefix is at least half the buffer: amortised linear.
  if (pos_ == 0 || pos_ < buf_.size() / 2) return;
  buf_.erase(0, pos_);
  scan_ -= pos_;
  pos_ = 0;
}

bool LineReader::next(std::string* line, bool* overlong) {
  *overlong = false;
  for (;;) {
    if (scan_ < pos_) scan_ = pos_;
    const void* hit = scan_ < buf_.size() ? std::memchr(buf_.data() + scan_, '\n', buf_.size() - scan_) : nullptr;
    if (!hit) {
      scan_ = buf_.size();
      const size_t partial = buf_.size() - pos_;
      if (discarding_) {
        pos_ = scan_ = buf_.size();
        compact();
        return false;
      }
      if (partial > max_line_) {
        line->assign(buf_, pos_, 200);
        pos_ = scan_ = buf_.size();
        discarding_ = true;
        *overlong = true;
        compact();
        return true;
      }
      return false;
    }
    const size_t nl = size_t(static_cast<const char*>(hit) - buf_.data());
    const size_t start = pos_, len = nl - pos_;
    pos_ = scan_ = nl + 1;
    if (discarding_) {  // the end of an over-long line already reported
      discarding_ = false;
      continue;
    }
    if (len > max_line_) {
      line->assign(buf_, start, 200);
      *overlong = true;
      return true;
    }
    size_t end = nl;
    if (end > start && buf_[end - 1] == '\r') --end;
    size_t first = start;
    while (first < end && (buf_[first] == ' ' || buf_[first] == '\t')) ++first;
    if (first == end) continue;  // blank lines are ignored
    line->assign(buf_, start, end - start);
    return true;
  }
}

}  // namespace dtref
