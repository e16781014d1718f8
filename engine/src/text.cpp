// Canonical option texts and readable event lines.
#include <string>

#include "dt/game.hpp"
#include "dt/plans.hpp"
#include "dt/questions.hpp"

namespace dt {

static std::string cid(CardId c) { return "c" + std::to_string(c); }

static std::string area_word(int a) {
  return a == int(Area::Kohort) ? "kohort" : a == int(Area::Outpost) ? "outpost" : a == int(Area::Aside) ? "aside" : "squad";
}

std::string to_text(const Option& o) {
  switch (o.kind) {
    case OptKind::Pass: return "pass";
    case OptKind::Keep: return "keep";
    case OptKind::Gift: return "gift";
    case OptKind::Meditate: return "meditate";
    case OptKind::Muster:  // PAPARAZZO's area; GRIZZLY BATTLE TANK's warriors replaced
      return "muster " + cid(o.a) + (o.p == 1   ? " " + area_word(int(o.to))
                                     : o.p == 2 ? " replacing " + cid(o.b) + (o.c != kNoCard ? " " + cid(o.c) : "")
                                                : "");
    case OptKind::MusterCover: return "muster-cover " + cid(o.a);
    case OptKind::SeekCover: return "cover " + cid(o.a);
    case OptKind::ExitCover: return "uncover " + cid(o.a);
    case OptKind::Equip:
      return "equip " + cid(o.a) + " " + cid(o.b) + (o.p == 1 ? " inside" : o.p == 2 ? " outside" : "");
    case OptKind::Build:  // a choice of area is named (LUNA)
      return "build " + cid(o.a) + (o.p == 1 ? " " + area_word(int(o.to)) : "");
    case OptKind::Attack:
      if (o.b == kNoCard) return "attack " + cid(o.a);  // LESSER TELEPATHY: the attacker alone, the tactic to be picked
      return "attack " + cid(o.a) + " " + cid(o.b) + (o.tactic == Tactic::Fight ? " fight" : " shoot") +
             (o.p == 3 ? " aim " + cid(o.c) + " x" + std::to_string(o.n) : "") +  // actions/aimed.hpp
             (o.p == 4 ? " x" + std::to_string(o.n) : "") +                      // actions/several_attacks.hpp
             (o.p == 5 ? " with " + cid(o.d) + " " + cid(o.n) : "") +             // actions/two_weapons.hpp
             (o.p == 6 ? " with " + cid(o.d) : "") +
             (o.p == 2 || o.p == 6 ? " then " + cid(o.c) + (o.then == Tactic::Shoot ? " shoot" : " fight") : "") +
             (o.p == 6 ? " with " + cid(o.n) : "");
    case OptKind::DeclareAttack: return "declare-attack";
    case OptKind::Sabotage:  // a card's own way (actions/sabotage.hpp): the card named
      return "sabotage " + cid(o.a) + " s" + std::to_string(o.b) + (o.p == 1 ? " by " + cid(o.c) : "");
    case OptKind::Play:
    case OptKind::Use: {
      std::string t = o.kind == OptKind::Use ? "use " + cid(o.a) + (o.p > 0 ? " a" + std::to_string(o.p) : "")
                      : o.c != kNoCard ? "cast " + cid(o.a) + " by " + cid(o.c)
                                       : "play " + cid(o.a);
      if (o.b != kNoCard) t += " on " + cid(o.b);
      else if (o.seat >= 0) t += " on s" + std::to_string(o.seat);
      if (o.kind == OptKind::Play && o.p == 1) t += " " + area_word(int(o.to));  // a combat area as the host
      if (o.kind == OptKind::Use && o.c != kNoCard) t += " paying " + cid(o.c);
      if (o.kind == OptKind::Play && o.c != kNoCard && o.mystic != kNoCard) t += " paying " + cid(o.mystic);  // MYSTIC
      if (o.n > 0) t += " x" + std::to_string(o.n);
      return t;
    }
    case OptKind::Bestow: return "bestow " + cid(o.a) + " " + cid(o.b);
    case OptKind::BestowKi: return "bestow-ki " + cid(o.a) + " " + cid(o.b);
    case OptKind::Proclaim: return "proclaim " + cid(o.a);
    case OptKind::Assign: return "assign " + cid(o.a) + " " + cid(o.b);
    case OptKind::Store: return "store " + cid(o.a) + " " + cid(o.b);
    case OptKind::Unstore:
      return "unstore " + cid(o.a) + " " + (o.p == 1 ? std::string("hand") : o.p == 2 ? std::string("discard") : cid(o.b));
    case OptKind::AddD: return "add " + cid(o.a) + " x" + std::to_string(o.n);
    case OptKind::Choose:
      return o.a != kNoCard ? "choose " + cid(o.a)
             : o.seat >= 0  ? "choose s" + std::to_string(o.seat)
             : o.p >= 0     ? "choose a" + std::to_string(o.p)
                            : "choose done";
    case OptKind::Points: return "points p=" + std::to_string(o.p) + " d=" + std::to_string(o.d);
    case OptKind::Discard: return "discard " + cid(o.a);
    case OptKind::Transfer:  // with a seat: into that team-mate's area of the kind (effects/economy/team_rules.hpp)
      return "transfer " + cid(o.a) + " " + area_word(int(o.to)) + (o.seat >= 0 ? " s" + std::to_string(o.seat) : "");
    case OptKind::EnterVehicle: return "enter " + cid(o.a) + (o.b != kNoCard ? " " + cid(o.b) : "");
    case OptKind::ExitVehicle: return "exit " + cid(o.a) + (o.b != kNoCard ? " " + cid(o.b) : "");
    case OptKind::Wrangle: return "wrangle " + cid(o.a) + " " + cid(o.b);
    case OptKind::Establish: return "establish " + cid(o.a) + " " + area_word(int(o.to));
    case OptKind::DefendFrom: return "defend-from " + cid(o.a);
    case OptKind::DirectAttack: return "attack " + cid(o.a) + " s" + std::to_string(o.b) + (o.p == 1 ? " by " + cid(o.c) : "");
  }
  return "?";
}

std::string_view to_string(EndReason r) {
  switch (r) {
    case EndReason::None: return "";
    case EndReason::PromotionTarget: return "promotion_target";
    case EndReason::DecksExhausted: return "decks_exhausted";
    case EndReason::NoWarriors: return "no_warriors";
    case EndReason::TurnLimit: return "turn_limit";
  }
  return "";
}

std::string_view to_string(EventKind k) {
  switch (k) {
    case EventKind::GameStart: return "game_start";
    case EventKind::GiftClaimed: return "cardinals_gift";
    case EventKind::TurnStart: return "turn_start";
    case EventKind::Draw: return "draw";
    case EventKind::Meditate: return "meditate";
    case EventKind::Muster: return "muster";
    case EventKind::MusterCover: return "muster_cover";
    case EventKind::SeekCover: return "seek_cover";
    case EventKind::ExitCover: return "exit_cover";
    case EventKind::Reveal: return "reveal";
    case EventKind::RevealPenalty: return "reveal_penalty";
    case EventKind::Equip: return "equip";
    case EventKind::Build: return "build";
    case EventKind::Attack: return "attack";
    case EventKind::AttackVoid: return "attack_void";
    case EventKind::Play: return "play";
    case EventKind::Wound: return "wound";
    case EventKind::Kill: return "kill";
    case EventKind::Points: return "points";
    case EventKind::Sabotage: return "sabotage";
    case EventKind::Discard: return "discard";
    case EventKind::Pass: return "pass";
    case EventKind::Eliminated: return "eliminated";
    case EventKind::GameEnd: return "game_end";
    case EventKind::Use: return "use";
    case EventKind::Bestow: return "bestow";
    case EventKind::Effect: return "effect";
    case EventKind::BestowKi: return "bestow_ki";
    case EventKind::Proclaim: return "proclaim";
    case EventKind::Assign: return "assign";
    case EventKind::AddD: return "add_d";
    case EventKind::Choose: return "choose";
    case EventKind::Store: return "store";
    case EventKind::Transfer: return "transfer";
    case EventKind::EnterVehicle: return "enter_vehicle";
    case EventKind::ExitVehicle: return "exit_vehicle";
    case EventKind::Wrangle: return "wrangle";
    case EventKind::Establish: return "establish";
    case EventKind::DefendFrom: return "defend_from";
    case EventKind::DirectAttack: return "direct_attack";
    case EventKind::VehicleLost: return "vehicle_lost";
  }
  return "?";
}

namespace {

// A person's name for an effect event's operation (Event::x holds a dt::Op).
std::string_view effect_name(int op) {
  static constexpr std::string_view kNames[] = {
      "effect", "wound", "kill", "heal", "discard", "annihilate", "cover", "uncover", "return to hand",
      "draw", "gain D", "lose D", "gain P", "lose P", "empty D", "halve P", "swap D",
      "combat bonus", "change tactic", "end combat", "attacker strikes first", "defender strikes first",
      "extra actions", "coin flip", "special effect", "user strikes first", "discard gifts", "move here",
      "award", "change defender", "take into hand", "shuffle draw pile", "disable for the combat", "bonus until your next turn", "graft",
      "enter play", "cancel"};
  static_assert(std::size(kNames) == size_t(Op::Cancel) + 1, "one name per dt::Op");
  switch (Op(op)) {  // the ops numbered apart
    case Op::AnnihilateTopDraw: return "annihilate the top of the draw pile";
    case Op::OnlyTargetStrikes: return "only the target strikes";
    case Op::SlayOpponent: return "slay the opponent";
    case Op::ExtraTactical: return "extra Tactical action";
    case Op::BonusActions: return "extra action beyond the turn";
    case Op::OwnActions: return "actions of its own";
    case Op::AwardPOrD: return "award P or twice as many D";
    case Op::KillAwarded: return "kill, earning its V";
    case Op::Offer: return "offer an after-combat ability";
    case Op::LookAtHand: return "shown";
    case Op::ImmuneToPicked: return "immune to the card picked";
    case Op::SkipTurn: return "miss the next turn";
    case Op::NoDraw: return "no draw in the next Draw step";
    case Op::PayForP: return "pay D for the P just earned";
    case Op::ExtraTurn: return "take another turn";
    case Op::LastingGrant: return "keyword until the next turn";
    case Op::LastingRevoke: return "keyword lost";
    case Op::TextOff: return "its own text switched off";
    case Op::Infect: return "infected";
    case Op::Cure: return "cured";
    case Op::TacticalLock: return "no Tactical Actions for others";
    case Op::TakeControl: return "control taken";
    case Op::SwitchSide: return "side declared";
    default: break;
  }
  return op >= 0 && size_t(op) < std::size(kNames) ? kNames[op] : "effect";
}

}  // namespace

// DISCERN TRUTH's answer (dt/questions.hpp): what was asked is public, the
// answer is told to the asker alone.
template <class Name>
static std::string answer_text(const State& s, const Event& e, int viewer, Name name) {
  const int q = e.x - kAnswerEvent;
  const std::string who = "s" + std::to_string(e.y / 4), asker = "s" + std::to_string(e.seat);
  std::string question = q < 0 ? "a card named " + name(e.b)
                         : q < 12 ? "a card of type " + std::string(to_string(CardType(q)))
                                  : "at least " + std::to_string(q - 11) + " cards";
  const std::string head = name(e.a) + ": " + asker + " asks whether " + who + " holds " + question + ": ";
  if (e.y % 4 == kAnswerRefused) return head + who + " refuses to answer";
  if (answer_hidden_from(e, viewer)) return head + who + " answers " + asker + " alone";
  return head + (e.y % 4 == kAnswerYes ? "yes" : "no");
}

std::string describe(const State& s, const Event& e, int viewer) {
  auto name = [&](CardId c) -> std::string {
    if (c == kNoCard) return "?";
    const CardInst& ci = s.card(c);
    const int knower = ci.hidden && s.def(c).type == CardType::Mission ? ci.owner : ci.controller;  // SECRET MISSION
    bool visible = viewer < 0 || knower == viewer || !ci.hidden;
    if (e.kind == EventKind::Discard && viewer >= 0 && ci.owner != viewer) visible = false;
    // A card shown to one player (a hand looked at, a card offered to pick from): to it alone.
    // A draw pile looked through (GAZE) is hidden from its owner too.
    if (e.kind == EventKind::Effect && e.x == int(Op::LookAtHand) && c == e.b && viewer >= 0 && viewer != e.seat &&
        (viewer != ci.owner || ci.zone == Zone::Draw))
      visible = false;
    else if (e.kind == EventKind::Effect && e.x == int(Op::LookAtHand) && c == e.b && viewer == e.seat)
      visible = true;  // ... a card kept face down under another shown too (INFORMANTS)
    if (e.kind == EventKind::Choose && c == e.b && ci.zone != Zone::InPlay && viewer >= 0 && viewer != e.seat && viewer != ci.owner)
      visible = false;  // a card picked from a hand or a pile: its effects show what becomes public
    if (e.kind == EventKind::Store && c == e.a && e.y == 1 && viewer >= 0 && viewer != e.seat)
      visible = false;  // a card kept face down (BROTHERHOOD ARCHIVES): its player's secret, coming or going
    return visible ? s.def(c).name + " (" + cid(c) + ")" : cid(c);
  };
  const std::string who = e.seat >= 0 ? "s" + std::to_string(e.seat) : "nobody";
  const std::string x = std::to_string(e.x), y = std::to_string(e.y);
  switch (e.kind) {
    case EventKind::GameStart: return who + " goes first";
    case EventKind::GiftClaimed: return who + " claims the Cardinal's Gift";
    case EventKind::TurnStart: return "turn " + x + ": " + who;
    case EventKind::Draw: return who + " draws " + x;
    case EventKind::Meditate: return who + " meditates";
    case EventKind::Muster: return who + " musters " + name(e.a);
    case EventKind::MusterCover: return who + " musters a warrior in cover";
    case EventKind::SeekCover: return who + ": " + name(e.a) + " seeks cover";
    case EventKind::ExitCover: return who + ": " + name(e.a) + " exits cover";
    case EventKind::Reveal: return who + ": " + name(e.a) + " is revealed";
    case EventKind::RevealPenalty: return who + " cannot pay for " + name(e.a) + ": discarded, " + y + " P lost";
    case EventKind::Equip: return who + " equips " + name(e.b) + " with " + name(e.a);
    case EventKind::Build: return who + " builds " + name(e.a);
    case EventKind::Attack:
      return who + ": " + name(e.a) + " attacks " + name(e.b) + (e.x == 0 ? " (fight)" : " (shoot)") +
             (e.y > 0 ? ", paying " + y + " D to attack a secondary target" : "");
    case EventKind::AttackVoid: return who + ": the attack on " + name(e.b) + " is not allowed; combat ends";
    case EventKind::Play:
      return who + " plays " + name(e.a) + (e.b != kNoCard ? " on " + name(e.b) : e.x >= 0 ? " on s" + x : "");
    case EventKind::Use: return who + " uses " + name(e.a) + (e.b != kNoCard ? " on " + name(e.b) : "");
    case EventKind::Bestow: return who + " bestows " + name(e.a) + " on " + name(e.b);
    case EventKind::BestowKi: return who + " gives the Ki Power " + name(e.a) + " to " + name(e.b);
    case EventKind::Proclaim: return who + " proclaims the alliance " + name(e.a);
    case EventKind::Assign: return who + " assigns " + name(e.b) + "'s group to the sergeant " + name(e.a);
    case EventKind::AddD: return who + " adds " + y + " D to " + name(e.a);
    case EventKind::Store:  // x: dt::detail::StoreMove (effects/storage/storage.hpp)
      return e.x == 0   ? who + " puts " + name(e.a) + " under " + name(e.b)
             : e.x == 1 ? who + " gives " + name(e.a) + ", kept under a card, to " + name(e.b)
             : e.x == 2 ? who + " takes " + name(e.a) + " from under a card into hand"
                        : who + " discards " + name(e.a) + " from under a card";
    case EventKind::Choose:
      return who + " chooses for " + name(e.a) + ": " +
             (e.b != kNoCard ? name(e.b)
              : e.x >= 100   ? "player s" + std::to_string(e.x - 100)
              : e.x >= 0     ? "alternative " + x
                             : std::string("no more"));
    case EventKind::Effect:
      if (is_answer_event(e)) return answer_text(s, e, viewer, name);
      if (is_plan_event(e)) {  // EMPATHY: the plan, to the caster alone
        const std::string planner = "s" + std::to_string(plan_planner(e));
        const std::string head = name(e.a) + ": " + planner + " tells " + who + " its attack plan";
        if (plan_hidden_from(e, viewer)) return head;
        if (plan_what(e) == 2) return head + ": no attack";
        return head + ": " + name(e.b) + " attacks " + name(CardId(e.y)) + (plan_what(e) == 0 ? " (fight)" : " (shoot)");
      }
      return name(e.a) + ": " + std::string(effect_name(e.x)) + " on " + (e.b != kNoCard ? name(e.b) : "s" + y);
    case EventKind::Wound: return name(e.a) + " is wounded";
    case EventKind::Kill: return name(e.a) + " is killed by " + name(e.b) + " (V " + x + ")";
    case EventKind::Points: return who + " takes " + x + " P and " + y + " D";
    case EventKind::Sabotage: return who + ": " + name(e.a) + " sabotages s" + x;
    case EventKind::Discard: return who + " discards " + name(e.a);
    case EventKind::Pass: return who + (e.x == 1 ? " misses a turn" : " passes");
    case EventKind::Eliminated:
      return e.x == 1 ? who + " leaves the game" : who + " has had no warrior for three turns and loses";
    case EventKind::GameEnd:
      return e.seat >= 0 ? who + " wins with " + x + " P"
             : e.y >= 0  ? "team " + y + " wins with " + x + " P"
                         : "the game ends";
    case EventKind::Transfer: return who + ": " + name(e.a) + " transfers to the " + area_word(e.x);
    case EventKind::EnterVehicle: return who + ": " + name(e.a) + " enters " + name(e.b);
    case EventKind::ExitVehicle: return who + ": " + name(e.a) + " exits " + name(e.b);
    case EventKind::Wrangle: return who + " gives " + name(e.a) + " to " + name(e.b);
    case EventKind::Establish: return who + " establishes " + name(e.a) + " in the " + area_word(e.x);
    case EventKind::DefendFrom: return who + ": " + name(e.b) + " defends from " + name(e.a);
    case EventKind::DirectAttack: return who + ": " + name(e.a) + " attacks s" + x + " directly";
    case EventKind::VehicleLost: return name(e.a) + " loses " + name(e.b) + " while inside it";
  }
  return "?";
}

}  // namespace dt
