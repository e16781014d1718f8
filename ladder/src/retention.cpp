// Pruning a ladder's match files (see retention.hpp).
#include "dtref/ladder/retention.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <vector>

namespace dtref::ladder {

namespace fs = std::filesystem;

std::string Retention::describe() const {
  switch (kind) {
    case Kind::All: return "all";
    case Kind::Newest: return fmt::format("the newest {} matches", n);
    case Kind::Days: return fmt::format("{} days", n);
  }
  return "?";
}

std::optional<Retention> parse_retention(const std::string& text) {
  if (text == "all") return Retention{};
  std::string digits = text;
  Retention r;
  r.kind = Retention::Kind::Newest;
  if (!digits.empty() && digits.back() == 'd') {
    digits.pop_back();
    r.kind = Retention::Kind::Days;
  }
  if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  r.n = std::stoll(digits);
  if (r.n < 1) return std::nullopt;
  return r;
}

namespace {

// The match key a file belongs to ("m12" for m12.jsonl.zst, m12-s0.stderr,
// m12.html), or "" for a file that is not a match's.
std::string key_of(const std::string& name) {
  if (name.size() < 2 || name[0] != 'm') return {};
  size_t i = 1;
  while (i < name.size() && name[i] >= '0' && name[i] <= '9') ++i;
  if (i == 1) return {};
  const std::string rest = name.substr(i);
  const bool ours = rest == ".jsonl" || rest == ".jsonl.zst" || rest == ".html" ||
                    (rest.rfind("-s", 0) == 0 && rest.size() > 9 && rest.compare(rest.size() - 7, 7, ".stderr") == 0);
  return ours ? name.substr(0, i) : std::string();
}

}  // namespace

int prune_match_files(const std::string& dir, const Retention& r, const std::set<std::string>& busy,
                      std::chrono::system_clock::time_point now) {
  if (r.kind == Retention::Kind::All || dir.empty()) return 0;
  struct Match {
    std::vector<fs::path> files;
    fs::file_time_type written = fs::file_time_type::min();  // of its transcript (the clock's zero lies ahead of today's times)
    bool has_transcript = false;
  };
  std::map<std::string, Match> matches;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    if (!e.is_regular_file(ec)) continue;
    const std::string name = e.path().filename().string();
    const std::string key = key_of(name);
    if (key.empty()) continue;
    Match& m = matches[key];
    m.files.push_back(e.path());
    if (name.find(".jsonl") != std::string::npos) {
      m.has_transcript = true;
      m.written = std::max(m.written, e.last_write_time(ec));
    }
  }
  // Only matches with a transcript are judged: a match still starting has none yet.
  std::vector<std::pair<fs::file_time_type, std::string>> order;
  for (const auto& [key, m] : matches)
    if (m.has_transcript) order.emplace_back(m.written, key);
  std::sort(order.begin(), order.end(), std::greater<>());  // newest first
  const auto file_now = fs::file_time_type::clock::now() +
                        std::chrono::duration_cast<fs::file_time_type::duration>(now - std::chrono::system_clock::now());
  int removed = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    const bool keep = r.kind == Retention::Kind::Newest ? int64_t(i) < r.n
                                                         : file_now - order[i].first < std::chrono::hours(24 * r.n);
    if (keep || busy.count(order[i].second)) continue;
    for (const fs::path& f : matches[order[i].second].files) fs::remove(f, ec);
    ++removed;
  }
  return removed;
}

}  // namespace dtref::ladder
