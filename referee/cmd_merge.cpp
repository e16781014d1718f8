// dtref merge: combine the databases of a sharded tournament into one.
#include <fmt/core.h>

#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "dtref/tournament/store.hpp"

namespace dtref {

namespace {

struct MergeOptions {
  std::string out;
  std::vector<std::string> inputs;
};

int run_merge(const MergeOptions& o) {
  try {
    for (const std::string& in : o.inputs)
      if (in == o.out) {
        fmt::print(stderr, "dtref merge: '{}' is both the output and an input; give a new output file\n", in);
        return 2;
      }
    for (const std::string& w : tour::merge_stores(o.out, o.inputs)) fmt::print(stderr, "dtref merge: warning: {}\n", w);
    tour::Store out(o.out);
    int done = 0, planned = 0;
    for (const auto& m : out.matches()) {
      ++planned;
      done += m.done;
    }
    fmt::print("merged {} databases into {}: {} of {} planned matches have results\n", o.inputs.size(), o.out, done,
               planned);
    return 0;
  } catch (const std::exception& e) {
    fmt::print(stderr, "dtref merge: {}\n", e.what());
    return 1;
  }
}

}  // namespace

void add_merge_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<MergeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Combine shard databases (dtref tournament --shard i/N) into one; refuses shards of different tournaments.");
  cmd->add_option("out", o->out, "merged database (created, or added to if it holds the same tournament)")->required();
  cmd->add_option("inputs", o->inputs, "shard databases")->required();
  cmd->callback([o, &exit_code] { exit_code = run_merge(*o); });
}

}  // namespace dtref
