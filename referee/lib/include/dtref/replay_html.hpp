// The replay viewer: one self-contained HTML page that steps through a match
// transcript (dtref replay PATH --html OUT).
//
// Why it is built this way: the transcript records only choices (and times,
// comments, faults); every position is rebuilt by replaying it through the
// engine while the page is written, so old transcripts work and the page shows
// exactly what the engine computed. Each step keeps the whole board (every
// card, face-down flags, derived ratings) and each event's text for every
// viewer; the page's script only filters by viewer, so "as seat 1 saw it" is
// decided by the engine (dt::describe, hidden flags), not by the script. No
// server, no network: data, style and script are inline, and a Content
// Security Policy forbids loading anything.
#pragma once

#include <string>

#include "dtref/transcript.hpp"

namespace dtref {

// Replays `transcript_path` and writes the page to `out_path`. The report says
// how far the replay got; a page is written whenever the header was readable
// (an incomplete or diverging transcript shows up to where it stops). Throws
// std::runtime_error when `out_path` cannot be written.
ReplayReport write_replay_html(const std::string& transcript_path, const std::string& out_path);

}  // namespace dtref
