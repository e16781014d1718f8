// DISCERN TRUTH: for each purchase the caster asks the target opponent one
// yes/no question about its hand; the engine, which holds the hand, answers
// truthfully, unless that opponent refuses for 5 D (asked only when it has
// them). The questions are a fixed set (docs/effects.md): `choose aN` asks
// whether the hand holds a card of type N (0 Warrior .. 11 Alliance, as
// dt::CardType), `choose a12`..`a19` whether it holds at least 1..8 cards,
// and `choose c12` whether it holds a card named as c12, a card face up in
// play or in the asker's own hand or discard pile; `choose done` stops asking. A question may be
// asked again. While the opponent decides, the question waits in a marker
// (kQuestionAsked, source the card, target the named card, `count` the
// question), and the answering choice is put before the asking one.
#pragma once

#include <vector>

#include "dt/designations.hpp"
#include "dt/state.hpp"
#include "events.hpp"

namespace dt::detail {

inline constexpr DesigKey kAsksAboutHand(desig::AsksQuestionsAboutAHand);

bool is_question_choice(const State& s, const PendingChoice& ch);
void question_options(const State& s, const PendingChoice& ch, std::vector<Option>& out);
void apply_question(State& s, const Option& o, Log log);

}  // namespace dt::detail
