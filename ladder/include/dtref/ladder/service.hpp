// `dtref ladder`: a long-running service that keeps scheduling and playing
// matches between the registered bots, at a set concurrency, recording each
// finished match in the store in one transaction (as tournaments do).
//
// Every process that runs a service over the same store (one with SQLite;
// any number of `--worker` processes with PostgreSQL) does the same three
// things in a loop: reads the registered bots (so `dtref ladder register` and
// `retire` take effect while it runs), tops up the queue of scheduled matches
// under the store's scheduling lock, and has its worker threads claim and
// play queued matches. Remote gRPC bots dial the process's gRPC address with
// their long-lived key when they like and wait in its lobby; their matches
// are played by the process they are waiting at.
#pragma once

#include <atomic>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "dtref/ladder/retention.hpp"

#include "dt/rules.hpp"
#include "dtref/ladder/schedule.hpp"
#include "dtref/ladder/store.hpp"
#include "dtref/match.hpp"
#include "dtref/tournament/ratings.hpp"
#include "dtref/tournament/report.hpp"

namespace dtref::ladder {

// What defines a ladder: stored by its first start; a later start must agree.
struct LadderSetup {
  dt::Rules rules;
  Clocks clocks;
  Policy policy = Policy::Ladder;
  std::string default_deck = "corporate";
  DeckRules decks;
  std::optional<uint64_t> seed;  // fixed: seeds reproducible from it; else a secret key in the store
  int64_t max_matches = 0;        // stop scheduling after this many matches (0: never)
  // Both legs of a pair dealt from one seed (tour::PlanParams::duplicate_deals):
  // only for bots that neither remember nor talk; the legs then run one after
  // the other. Off: every leg has a secret seed of its own.
  bool duplicate_deals = false;
};
std::string settings_json(const LadderSetup&);
// Stores the settings on first use; throws LadderError naming what differs from the stored ones.
void bind_settings(LadderStore& store, const LadderSetup& setup);
// Reads stored settings back (register/retire/standings need the rules and decks).
LadderSetup settings_from_json(const std::string& json);

// The SHA-256 (hex) under which a remote bot's key is stored.
std::string key_hash(const std::string& key);

struct ServiceOptions {
  int concurrency = 1;
  std::string transcripts_dir;  // empty: no transcripts (nor replay pages)
  // Transcripts are written zstd-compressed (<key>.jsonl.zst); `keep` says
  // which matches' files stay (retention.hpp), pruned after each result.
  Retention keep;
  std::string worker_id;        // names this process in the store
  std::string grpc_listen;      // remote bots dial here; empty: this process plays no remote bot
  int queue_ahead = 0;          // scheduled matches kept waiting (0: twice the concurrency, at least 4)
  const std::atomic<bool>* stop = nullptr;
  std::FILE* progress = nullptr;
  double progress_interval_s = 10;
  std::function<void(int stored)> after_store;  // after each result this process stored
  // The launched bots' sandbox (docs/security.md). Each match also hides the
  // transcripts directory and every other registered bot's files from its
  // bots; the caller adds the store's own files to `hide`.
  SandboxSettings sandbox;
  // Keep the stdio bots that say "several_matches" alive between a worker's
  // matches against the same opponents (MatchSpec::keep_alive); false: every
  // bot is started for each match.
  bool keep_alive = true;
};

// A finished match for people: who sat where, with which deck, and how it ended.
struct RecentMatch {
  tour::MatchLine line;
  int64_t id = 0;
};

// What the standings page shows, computed from the store.
struct LadderView {
  std::string title;
  std::vector<LadderBot> bots;
  tour::Standings standings;               // per bot against the field (LOS, nElo, bounds)
  std::vector<tour::EloEstimate> fitted;  // per standings row: the ladder rating fitted to all games
  std::vector<tour::FaultLine> faults;
  std::vector<tour::MatchLine> recent;     // newest first
  int scheduled = 0, running = 0, finished = 0;
  std::vector<std::string> running_keys;
  // Finished matches whose transcript may be served: no match dealt from the
  // same seed is still scheduled or running (docs/security.md).
  std::set<std::string> servable;
  std::map<std::string, int> remote_waiting;  // remote bots connected here now
  std::string settings_json;
};
LadderView compute_view(LadderStore& store, const std::string& title, int recent_limit);

class Service {
 public:
  Service(LadderStore& store, LadderSetup setup, ServiceOptions opt);
  ~Service();
  // Runs until `stop` is set, or every one of max_matches is finished.
  // Returns the number of matches this process stored.
  int run();
  // Thread-safe: the latest view (refreshed about once a second while running).
  std::shared_ptr<const LadderView> view();
  // The gRPC address remote bots dial (valid after run() started; empty without one).
  std::string grpc_address();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The live standings for people and programs.
std::string view_json(const LadderView& v);
// The standings page. Served by the HTTP server (saved_to empty): links are
// relative to the page's own address (matches/<key>/transcript). Saved to a
// file: links go from the file's directory to the transcript files there are.
std::string view_html(const LadderView& v, const std::string& saved_to = "");
std::string view_text(const LadderView& v);

}  // namespace dtref::ladder
