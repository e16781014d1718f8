// Bots kept alive between matches (see kept_bots.hpp).
#include "dtref/kept_bots.hpp"

#include "dtref/logging.hpp"

namespace dtref {

namespace {
void end(KeptBot& b, int64_t grace_ms) {
  if (b.link) b.link->shutdown(std::chrono::milliseconds(grace_ms));
  b.link.reset();
}
}  // namespace

KeptBots::~KeptBots() {
  for (auto& [key, bot] : kept_) end(bot, grace_ms);
}

KeptBot KeptBots::take(const std::string& key, const std::vector<uint64_t>& deals) {
  for (size_t i = 0; i < kept_.size(); ++i) {
    if (kept_[i].first != key) continue;
    KeptBot bot = std::move(kept_[i].second);
    kept_.erase(kept_.begin() + long(i));
    for (uint64_t d : deals)
      if (bot.deals.count(d)) {
        // It saw this deal (or deck draw) already: a fresh process plays it.
        logging::debug({"referee"}, "a kept bot has played this match's deal: started afresh");
        end(bot, 0);
        return {};
      }
    ++reused_;
    return bot;
  }
  return {};
}

void KeptBots::retire_idle() {
  for (auto& [key, bot] : kept_) end(bot, grace_ms);
  kept_.clear();
}

void KeptBots::keep(const std::string& key, KeptBot bot, const std::vector<uint64_t>& deals) {
  if (!bot.link) return;
  bot.deals.insert(deals.begin(), deals.end());
  ++bot.matches;
  kept_.emplace_back(key, std::move(bot));
}

}  // namespace dtref
