// When a card, spell or ability may be played (gEngine "TIMING" and each
// card's timing: combat, any time, your turn, an action, your draw step,
// right after a combat).
#include "internal.hpp"

namespace dt::detail {

bool timing_open(const State& s, Timing t, int seat, int actions) {
  switch (t) {
    case Timing::None: return false;
    case Timing::CombatBegins: return false;  // asked by its own question as a combat begins (combat/intervene.hpp)
    case Timing::Combat:
      return s.phase == Phase::Window && s.window.kind == WindowKind::CombatModify;
    case Timing::AnyTime: return s.phase == Phase::Window || (s.phase == Phase::Actions && seat == s.current);
    case Timing::YourTurn:
      return seat == s.current && (s.phase == Phase::Window || s.phase == Phase::Actions);
    case Timing::Action: return s.phase == Phase::Actions && seat == s.current && s.actions_left >= actions;
    case Timing::YourDrawStep:
      return s.phase == Phase::Window && s.window.kind == WindowKind::PreDraw && seat == s.current;
    case Timing::OthersTurn:  // FILL'EM UP: any window of another player's turn
      return s.phase == Phase::Window && seat != s.current;
    case Timing::AnyDrawStep:  // printed SUPPLY LINE SEVERED: before anyone's draw
      return s.phase == Phase::Window && s.window.kind == WindowKind::PreDraw;
    case Timing::YourTurnEnd:  // the Actions step is over, the turn ends with its Discard step
      return s.phase == Phase::Window && s.window.kind == WindowKind::PreDiscard && seat == s.current;
    case Timing::AfterCombat:
      return s.phase == Phase::Window && s.window.kind == WindowKind::Response &&
             (s.recent_survivor != kNoCard || s.recent_p_seat >= 0 || !s.offers.empty());
  }
  return false;
}

}  // namespace dt::detail
