#include "bot.hpp"

namespace dt {

namespace {
class RandomBot final : public Bot {
 public:
  explicit RandomBot(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  size_t choose(const Observation&, const std::vector<Option>& options) override {
    return size_t(rng_.below(options.size()));
  }
  // It never looks at the position, so in process it is not built for it
  // (dt::observe was a tenth of a tournament of built-in random bots).
  size_t choose_in_game(const State&, int, const std::vector<Option>& options) override {
    return size_t(rng_.below(options.size()));
  }
  size_t choose_in_position(const State&, const Knowledge&, const std::vector<Option>& options) override {
    return size_t(rng_.below(options.size()));
  }

 private:
  Rng rng_;
};
}  // namespace

std::unique_ptr<Bot> make_random_bot(uint64_t seed) { return std::make_unique<RandomBot>(seed); }

std::unique_ptr<Bot> make_builtin_bot(const std::string& name, uint64_t seed) {
  if (name == "random") return make_random_bot(seed);
  if (name == "greedy") return make_greedy_bot(seed);
  if (name == "ismcts" || name.rfind("ismcts:", 0) == 0) {
    auto settings = parse_ismcts_settings(name.size() > 6 ? name.substr(7) : std::string());
    if (settings) return make_ismcts_bot(seed, *settings);
  }
  return nullptr;
}

std::vector<std::string> builtin_bot_names() { return {"random", "greedy", "ismcts"}; }

}  // namespace dt
