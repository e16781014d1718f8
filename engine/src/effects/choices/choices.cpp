// Choices a card's text leaves to a player (docs/effects.md "Choices"): cards
// of a hand, a pile or the table to pick, or one of several alternatives. The
// candidates are fixed as the card is played, before its effects run (COWARDICE
// sends everyone into cover, but only those already there are at stake); the
// chooser then picks one at a time among the options listed here
// (`choose c12`, `choose a1`, `choose done`) until no pick is left, and the
// game goes back to the decision the card interrupted.
#include <algorithm>
#include <optional>

#include "dt/handlers.hpp"
#include "effects/modifiers/membership.hpp"
#include "effects/choices/moves.hpp"
#include "effects/attacks/orders.hpp"
#include "effects/triggers/perception.hpp"
#include "effects/triggers/cancel.hpp"
#include "effects/triggers/card_played.hpp"
#include "actions/storage.hpp"
#include "effects/economy/team_gifts.hpp"
#include "effects/economy/team_rules.hpp"
#include "effects/costs/upkeep.hpp"
#include "effects/triggers/wound_triggers.hpp"
#include "effects/triggers/kill_choice.hpp"
#include "effects/choices/hand_look.hpp"
#include "effects/triggers/spy.hpp"
#include "effects/modifiers/toll.hpp"
#include "effects/attacks/again.hpp"
#include "effects/attacks/charge.hpp"
#include "effects/attacks/mass.hpp"
#include "effects/modifiers/share.hpp"
#include "effects/lasting/prison.hpp"
#include "effects/warriors/raise.hpp"
#include "effects/triggers/undo.hpp"
#include "combat/groups.hpp"
#include "combat/substitute.hpp"
#include "effects/choices/revelation.hpp"
#include "effects/choices/secret.hpp"
#include "effects/choices/inspire.hpp"
#include "effects/choices/questions.hpp"
#include "effects/attacks/telepathy.hpp"
#include "effects/attacks/command.hpp"
#include "effects/attacks/plans.hpp"
#include "effects/lasting/contagion.hpp"
#include "effects/lasting/disease.hpp"
#include "effects/lasting/afflictions.hpp"
#include "effects/triggers/picked.hpp"
#include "effects/filters/waiver.hpp"
#include "effects/economy/ledger.hpp"
#include "effects/choices/auction.hpp"
#include "turn/victory.hpp"
#include "effects/costs/mystic.hpp"
#include "effects/choices/fetch.hpp"
#include "effects/costs/pile_steps.hpp"
#include "effects/lasting/copies.hpp"
#include "effects/costs/repay.hpp"
#include "dt/action_prices.hpp"
#include "actions/outpost_sides.hpp"
#include "effects/choices/control.hpp"
#include "effects/triggers/intercept.hpp"
#include "actions/sabotage.hpp"
#include "effects/lasting/card_markers.hpp"
#include "combat/intervene.hpp"
#include "combat/begins.hpp"
#include "effects/warriors/merged.hpp"
#include "actions/several_attacks.hpp"
#include "effects/lasting/carriers.hpp"
#include "internal.hpp"

namespace dt::detail {

Zone pile_zone(Pile p) {
  switch (p) {
    case Pile::Discard: return Zone::Discard;
    case Pile::Draw: return Zone::Draw;
    case Pile::Hand: return Zone::Hand;
    case Pile::SideBoard: return Zone::SideBoard;
    case Pile::Annihilated: return Zone::Annihilated;
  }
  return Zone::Limbo;
}

// A position read back from text may name a card without a choice: nothing to pick then.
// PendingChoice::fetch of a `one_pile` Choice (clear of state.hpp's 1-3, substitute.hpp's 20 and
// card_markers.hpp's 40): the pile still to be named, or a pile other than a draw pile named.
constexpr uint8_t kWhichPile = 4;
constexpr uint8_t kOtherPileSearched = 5;

static const ChoiceSpec& spec_of(const State& s, CardId source) {
  static const ChoiceSpec kNothing;
  const CardDef& d = s.def(source);
  if (d.play && d.play->choice) return *d.play->choice;
  if (d.enter_choice) return *d.enter_choice;  // BRASS APOCALYPT: asked as it enters play
  for (const Ability& ab : d.abilities)  // SHRIEK: asked once the ability's effects ran
    if (ab.choice) return *ab.choice;
  for (const Trigger& t : d.triggers)  // NECROMAKINA: asked as its kill trigger fires (effects/triggers/kill_choice.hpp)
    if (t.choice) return *t.choice;
  return kNothing;
}

// The player a card was played on: the target player, or a target card's controller.
static int target_seat_of(const State& s, Target t) {
  if (t.seat >= 0) return t.seat;
  return t.card != kNoCard ? s.card(t.card).controller : -1;
}

// Is a candidate still where it was when the card was played?
static bool still_there(const State& s, const ChoiceSpec& c, CardId x) {
  switch (c.from) {
    case ChoiceFrom::Alternatives: return false;
    case ChoiceFrom::TargetPlayersHand: return s.card(x).zone == Zone::Hand;
    case ChoiceFrom::YourDiscardPile: return s.card(x).zone == Zone::Discard;
    case ChoiceFrom::TopOfYourDraw: return s.card(x).zone == Zone::Draw;
    case ChoiceFrom::TargetPlayersWarriors: return is_warrior_in_play(s, x);
    case ChoiceFrom::CardsInPlay: return s.card(x).zone == Zone::InPlay;
    case ChoiceFrom::TargetWarriorsCards: return s.card(x).zone == Zone::InPlay && s.card(x).attached_to != kNoCard;
    case ChoiceFrom::Players: return false;
    case ChoiceFrom::MissionRecipients: return is_warrior_in_play(s, x);
    case ChoiceFrom::JustKilledCarried: return s.card(x).zone == Zone::Discard;
    case ChoiceFrom::YourPiles:
      for (const PileSource& p : c.piles)
        if (s.card(x).zone == pile_zone(p.pile)) return true;
      return false;
  }
  return false;
}

// What a card picked from one of your piles costs (Choice YOUR_PILES); `cheaper` (ESSENTIAL SUMMONS,
// effects/costs/pile_steps.hpp): the discard pile for free, the draw pile at the discard pile's price.
static int pile_price(const State& s, const ChoiceSpec& c, CardId x, bool cheaper) {
  const auto price = [&](const PileSource& p) { return p.cost_d + p.v_times * s.def(x).v; };
  if (cheaper && s.card(x).zone == Zone::Discard) return 0;
  if (cheaper && s.card(x).zone == Zone::Draw)
    for (const PileSource& p : c.piles)
      if (p.pile == Pile::Discard) return price(p);
  for (const PileSource& p : c.piles)
    if (s.card(x).zone == pile_zone(p.pile)) return price(p);
  return c.cost_d;
}

// SURVEILLANCE SHIP: a pick paid in actions is made only in its chooser's own turn, with that many left.
static bool pick_actions_left(const State& s, const PendingChoice& ch, const ChoiceSpec& c) {
  return !c.pick_actions || (s.current == ch.seat && s.actions_left >= c.pick_actions);
}

// What a pick costs its chooser: for a spell, D its caster spends toward it (EMINENT SUMMONER: counted twice).
static int pick_price(const State& s, const PendingChoice& ch, const ChoiceSpec& c, CardId x) {
  const int d = (x == kNoCard || c.piles.empty() ? c.cost_d : pile_price(s, c, x, piles_cheaper(s, ch.source))) +
                (c.pick_v && x != kNoCard ? value_price(s, *c.pick_v, x) : 0);  // BOLSTER YOUR FORCES
  if (!(s.families & famSpellPrice) || s.def(ch.source).type != CardType::Art || ch.user == kNoCard) return d;
  return spell_d(s, ch.user, ch.source, d, ch.target);
}

// BRAIN STRAIN: a pick a spell's caster pays for stays within what it may still spend on the spell.
static bool spell_pick_ok(const State& s, const PendingChoice& ch, const ChoiceSpec& c, CardId x) {
  if (!(s.families & famSpellPrice) || s.def(ch.source).type != CardType::Art || ch.user == kNoCard) return true;
  return pick_price(s, ch, c, x) <= spell_allowance(s, ch.user, ch.source);
}

// EXORCISM's pick: a HERETIC made so by a card attached to it (one born a HERETIC is not redeemed).
static bool redeemable(const State& s, const std::vector<Effect>& on_pick, CardId w) {
  for (const Effect& e : on_pick)
    if (e.op == Op::Handler && e.handler == HandlerId::redeem) {
      for (CardId a : attachments_of(s, w))
        if (s.def(a).type != CardType::Symmetry && (s.def(a).grant_keywords & kwHeretic)) return true;
      return false;
    }
  return true;
}

// PROVE YOUR VALOR: a warrior worth at least so many times the card's target
// (base V in gEngine; the printed card compares modified V).
// NECROMAKINA (`at_most_target_v`): a warrior worth no more than the target, its base V (gEngine) or its V as
// it stands (printed: a kill's victim still in play as its trigger fires); a pick out of play counts its printed V.
static bool worth_enough(const State& s, const ChoiceSpec& c, CardId x, CardId t) {
  if (!c.v_times_target && !c.at_most_target_v) return true;
  if (t == kNoCard || s.def(x).type != CardType::Warrior) return false;
  if (c.at_most_target_v) {
    auto here = [&](CardId w) { return s.card(w).zone == Zone::InPlay; };
    const int tv = !here(t) ? s.def(t).v : c.modified_v ? int(stats(s, t).v) : int(base_stats(s, t).v);
    const int xv = here(x) && c.modified_v ? int(stats(s, x).v) : int(s.def(x).v);
    if (xv > tv) return false;
  }
  if (!c.v_times_target) return true;
  auto v = [&](CardId w) { return c.modified_v ? int(stats(s, w).v) : int(s.def(w).v); };
  return v(x) >= c.v_times_target * v(t);
}

// CRUSADER SP ROCKET LAUNCHER (Choice `one_each`): the first of the kinds (the filter's any_of) card x is of, or -1.
static int one_each_kind(const State& s, const ChoiceSpec& c, CardId x, int seat) {
  for (size_t i = 0; i < c.filter.any_of.size(); ++i)
    if (filter_matches(s, c.filter.any_of[i], x, seat)) return int(i);
  return -1;
}

// A pick made (`one_each`, `same_area`): no other card of its kind, none outside its combat area, is picked after it.
static void narrow_after_pick(const State& s, const ChoiceSpec& c, PendingChoice& ch, CardId picked) {
  const int kind = c.one_each ? one_each_kind(s, c, picked, ch.by) : -1;
  std::erase_if(ch.candidates, [&](CardId x) {
    if (s.card(x).zone != Zone::InPlay) return false;
    return (kind >= 0 && one_each_kind(s, c, x, ch.by) == kind) || (c.same_area && !same_area(s, x, picked));
  });
}

std::vector<CardId> choice_candidates(const State& s, int seat, CardId source, Target t, int times) {
  const ChoiceSpec& c = spec_of(s, source);
  std::vector<CardId> out;
  // A card with no target picks among its own player's warriors (THE SACRIFICE).
  const int tseat = c.from == ChoiceFrom::TargetPlayersWarriors && t.seat < 0 && t.card == kNoCard ? seat : target_seat_of(s, t);
  const SeatState& me = s.seats[size_t(seat)];
  switch (c.from) {
    case ChoiceFrom::Alternatives: break;
    case ChoiceFrom::TargetPlayersHand:
      if (tseat >= 0)
        for (CardId x : s.seats[size_t(tseat)].hand)
          if (x != source) out.push_back(x);
      break;
    case ChoiceFrom::YourDiscardPile:
      for (CardId x : me.discard)
        if (x != source && filter_matches(s, c.filter, x, seat)) out.push_back(x);
      break;
    case ChoiceFrom::TopOfYourDraw: {  // the back of the pile is its top
      // SURVEILLANCE SHIP: another player's pile, that player's shield kept
      const int owner = c.target_players ? tseat : seat;
      if (owner < 0 || (c.target_players && player_immune_to(s, owner, source))) break;
      if (draw_pile_shielded(s, owner, source)) break;  // SPELLBOUND
      const std::vector<CardId>& draw = s.seats[size_t(owner)].draw;
      const size_t n = size_t(std::max(0, c.count * std::max(1, times)));
      for (size_t i = 0; i < n && i < draw.size(); ++i) out.push_back(draw[draw.size() - 1 - i]);
      break;
    }
    case ChoiceFrom::TargetPlayersWarriors:
      if (tseat >= 0)
        for (CardId w : s.seats[size_t(tseat)].in_play)
          if (is_warrior_in_play(s, w) && filter_matches(s, c.filter, w, seat) && !immune_to(s, w, source) &&
              pick_allowed(s, c.on_pick, t.card, w) &&
              (!c.in_target_area || (t.card != kNoCard && same_area(s, w, t.card)) ||  // gEngine BOLSTER YOUR FORCES
               (t.card == kNoCard && t.area >= 0 && s.card(w).area == Area(t.area))))  // SUPPRESSING FIRE: an area
            out.push_back(w);
      break;
    case ChoiceFrom::CardsInPlay:
      for (size_t i = 0; i < s.cards.size(); ++i) {
        const CardId x = CardId(i);
        if (x == source || s.cards[i].zone != Zone::InPlay || s.cards[i].hidden) continue;
        if (c.filter.other && x == t.card) continue;  // ASSASSINATION: not the assassin itself
        if (s.def(x).type == CardType::Warrior && (immune_to(s, x, source) || !redeemable(s, c.on_pick, x))) continue;
        if (filter_matches(s, c.filter, x, seat) && worth_enough(s, c, x, t.card) && pick_allowed(s, c.on_pick, t.card, x) &&
            move_pick_ok(s, c.on_pick, seat, source, x) && take_pick_ok(s, c.on_pick, seat, x) &&
            (!has_op(c.on_pick, Op::TransferWarrior) || may_transfer_for_free(s, x)))  // REDEPLOYMENT: those that may go
          out.push_back(x);
      }
      break;
    case ChoiceFrom::TargetWarriorsCards:  // WEAPON LINK: a weapon of the warrior it is given to
      if (t.card != kNoCard && is_warrior_in_play(s, t.card))
        for (CardId x : attachments_of(s, t.card))
          if (x != source && filter_matches(s, c.filter, x, seat)) out.push_back(x);
      break;
    case ChoiceFrom::JustKilledCarried: {  // LOOT THE DEAD: what the one killed carried, now in a discard pile
      std::vector<CardId> carried;
      if (t.card != kNoCard) carried_at_death(s, t.card, carried);
      for (CardId x : carried)
        if (filter_matches(s, c.filter, x, seat) && take_pick_ok(s, c.on_pick, seat, x)) out.push_back(x);
      break;
    }
    case ChoiceFrom::Players: break;  // players only (choice_seats)
    case ChoiceFrom::YourPiles: {  // SUMMON HERO: the piles named, each card with its pile's price
      // AND STAY DEAD!: another player's piles, that player's shield kept
      if (c.target_players && (tseat < 0 || player_immune_to(s, tseat, source))) break;
      const int owner = c.target_players ? tseat : seat;
      // LAMB FOR THE SLAUGHTER: a warrior mustered into the target player's area, as if that player mustered it
      const int put_seat = fetch_for_target_player(s, source) ? tseat : seat;
      if (put_seat < 0) break;
      const SeatState& st = s.seats[size_t(owner)];
      for (const PileSource& p : c.piles) {
        if (p.pile == Pile::Draw && draw_pile_shielded(s, owner, source)) continue;  // SPELLBOUND
        const std::vector<CardId>* pile = p.pile == Pile::Discard ? &st.discard : p.pile == Pile::Draw ? &st.draw
                                          : p.pile == Pile::Hand  ? &st.hand    : p.pile == Pile::SideBoard ? &st.side_board
                                                                                 : &st.annihilated;
        for (CardId x : *pile)
          if (x != source && (!p.card_types || (p.card_types & (1u << unsigned(s.def(x).type)))) &&
              filter_matches(s, c.filter, x, seat) && (!c.at_most_target_v || worth_enough(s, c, x, t.card)) &&
              fetch_pick_ok(s, put_seat, source, t.user, t.card, x))
            out.push_back(x);  // LOOT AND PILLAGE: warriors of the side board, Equipment of the draw pile
      }
      break;
    }
    case ChoiceFrom::MissionRecipients:  // FILE TRANSFER: a mission on a warrior goes onto another warrior
      if (t.card != kNoCard && s.card(t.card).zone == Zone::InPlay && s.card(t.card).attached_to != kNoCard)
        for (const SeatState& st : s.seats)
          for (CardId w : st.in_play)
            if (is_warrior_in_play(s, w) && !s.card(w).hidden && w != s.card(t.card).attached_to &&
                !mission_copy_on_warrior(s, t.card, w))
              out.push_back(w);
      break;
  }
  return out;
}

// The players a choice may pick (`choose s1`): PLAYERS by `filter.side` and
// `other`, never one immune to the card (HERETIC CONSPIRACY against the Art);
// MISSION_RECIPIENTS: the other players, for a mission lying before a player.
std::vector<int8_t> choice_seats(const State& s, int seat, CardId source, Target t) {
  const ChoiceSpec& c = spec_of(s, source);
  std::vector<int8_t> out;
  for (int p = 0; p < s.num_seats(); ++p) {
    if (s.seats[size_t(p)].eliminated) continue;
    if (c.from == ChoiceFrom::Players) {
      if ((c.filter.side == Side::Enemy && !opponents(s, p, seat)) || (c.filter.other && p == seat)) continue;
      if (c.filter.side == Side::Yours && p != seat) continue;
      if (player_immune_to(s, p, source)) continue;
      out.push_back(int8_t(p));
    } else if (c.from == ChoiceFrom::MissionRecipients) {
      const CardId m = t.card;
      if (m == kNoCard || s.card(m).zone != Zone::InPlay || s.card(m).attached_to != kNoCard) return out;
      if (p != s.card(m).controller && !mission_copy_on_player(s, m, p)) out.push_back(int8_t(p));
    }
  }
  return out;
}

static int16_t picks_for(const ChoiceSpec& c, int times) {
  if (c.picks == 0 && c.picks_per_time == 0) return -1;
  return int16_t(c.picks + c.picks_per_time * times);
}

static int chooser(const State& s, int seat, const ChoiceSpec& c, Target t) {
  const int ts = target_seat_of(s, t);
  return c.target_player_chooses && ts >= 0 ? ts : seat;
}

// A card whose picks are due (no stopping early) needs that many candidates;
// a choice between alternatives, one the chooser can afford.
bool choice_possible(const State& s, int seat, CardId source, Target t, int times) {
  const ChoiceSpec& c = spec_of(s, source);
  const int who = chooser(s, seat, c, t);
  if (c.from == ChoiceFrom::Alternatives) {
    for (const Alternative& a : c.alternatives)
      if (destiny(s, who) >= a.cost_d && s.seats[size_t(who)].promotion >= a.cost_p && effects_possible(s, a.effects) &&
          alternative_fits(s, a.effects, t.card))
        return true;
    return false;
  }
  // Alternatives may be taken again and again: only cards run out.
  if (!c.alternatives.empty()) return true;
  const int need = c.may_stop ? 0 : std::max<int>(0, picks_for(c, times));
  // A player who may be picked again (EMPATHY, LESSER DOMINATION) answers every pick alone.
  if (c.repeat_picks && need > 0 && !choice_seats(s, seat, source, t).empty()) return true;
  return int(choice_candidates(s, seat, source, t, times).size() + choice_seats(s, seat, source, t).size()) >= need;
}

// A pick put to `seat` about `source`, asked by player `by`.
static PendingChoice pick(CardId source, CardId target, int by, int seat, int picks) {
  PendingChoice ch;
  ch.source = source;
  ch.target = target;
  ch.by = uint8_t(by);
  ch.seat = uint8_t(seat);
  ch.picks_left = int16_t(picks);
  return ch;
}

// The warriors of player p matching the choice's filter (CARNAGE: each player among its own).
static std::vector<CardId> own_warriors(const State& s, const ChoiceSpec& c, int p) {
  std::vector<CardId> w;
  for (CardId x : warriors_of(s, p))
    if (filter_matches(s, c.filter, x, p)) w.push_back(x);
  return w;
}

void queue_choice(State& s, int seat, CardId source, Target t, int times, std::vector<CardId> candidates, Log log) {
  const ChoiceSpec& c = spec_of(s, source);
  auto pending = [&](CardId target, int target_seat, int chooser_seat) {
    PendingChoice ch = pick(source, target, seat, chooser_seat, picks_for(c, times));
    ch.target_seat = int8_t(target_seat);
    ch.user = t.user;
    return ch;
  };
  // Every player in turn from you, each for itself (LIVING ON THE EDGE), or among its own warriors (CARNAGE:
  // with down_to_fewest, as many as it has beyond the fewest any player has).
  if (c.each_player) {
    const bool own = c.from == ChoiceFrom::TargetPlayersWarriors;
    int fewest = -1;
    if (own && c.down_to_fewest)
      for (int p = 0; p < s.num_seats(); ++p)
        if (!s.seats[size_t(p)].eliminated) {
          const int n = int(own_warriors(s, c, p).size());
          fewest = fewest < 0 ? n : std::min(fewest, n);
        }
    for (int i = 0; i < s.num_seats(); ++i) {
      const int p = seat_at(s, seat, i);  // in turn order (CHANGE IN MOMENTUM)
      if (s.seats[size_t(p)].eliminated || (c.filter.other && p == seat)) continue;
      PendingChoice ch = pending(kNoCard, p, p);
      if (own) {
        ch.candidates = own_warriors(s, c, p);
        if (c.down_to_fewest) ch.picks_left = int16_t(int(ch.candidates.size()) - fewest);
        if (ch.picks_left == 0 || ch.candidates.empty()) continue;
      }
      s.choices.push_back(std::move(ch));
    }
    return;
  }
  PendingChoice ch = pending(t.card, t.seat, chooser(s, seat, c, t));
  ch.candidates = std::move(candidates);
  ch.seats = choice_seats(s, seat, source, t);
  // GREATER DIVINATION: one pile named first (which_pile_options below); only its cards are then shown.
  if (c.one_pile && c.piles.size() > 1) {
    ch.fetch = kWhichPile;
    s.choices.push_back(std::move(ch));
    return;
  }
  // Cards from places the chooser may not see are shown to it (and to no one else).
  if (c.from == ChoiceFrom::TargetPlayersHand || c.from == ChoiceFrom::TopOfYourDraw ||
      c.from == ChoiceFrom::YourDiscardPile || c.from == ChoiceFrom::YourPiles)
    for (CardId x : ch.candidates)
      emit(log, {EventKind::Effect, int8_t(ch.seat), source, x, int(Op::LookAtHand), s.card(x).owner});
  s.choices.push_back(std::move(ch));
}

void ask_pick(State& s, CardId source, CardId target, int by, int seat, std::vector<CardId> candidates, int picks) {
  PendingChoice ch = pick(source, target, by, seat, picks);
  ch.candidates = std::move(candidates);
  s.choices.push_back(std::move(ch));
}

// A warrior's toll (LEGIONNAIRE OF SEMAI) is the one choice whose source is a warrior.
static bool toll_choice(const State& s, const PendingChoice& ch) {
  // EVIL EYE: or a card a combatant carries, whose toll keeps its opponent's blow
  return (s.def(ch.source).type == CardType::Warrior || (s.card(ch.source).attached_to != kNoCard && !ch.fetch)) &&
         toll_price(s, ch.source) > 0 && !group_choice(s, ch);
}

// A Choice with `one_pile` (GREATER DIVINATION): its chooser names one of the piles it
// searches (`choose a0` the first), then picks among that pile's cards alone, shown to it
// now. Only a draw pile searched is shuffled after (unless `keep_order`): any other pile
// named, the choice goes on as kOtherPileSearched, which no mechanism claims.
static bool is_which_pile(const State&, const PendingChoice& ch) { return ch.fetch == kWhichPile; }

static bool pile_searchable(const State& s, const PendingChoice& ch, const PileSource& p) {
  const ChoiceSpec& c = spec_of(s, ch.source);
  const int owner = c.target_players ? target_seat_of(s, {ch.target, ch.target_seat}) : int(ch.by);
  return owner >= 0 && !(p.pile == Pile::Draw && draw_pile_shielded(s, owner, ch.source));  // SPELLBOUND
}

static void which_pile_options(const State& s, const PendingChoice& ch, std::vector<Option>& out) {
  const ChoiceSpec& c = spec_of(s, ch.source);
  for (size_t i = 0; i < c.piles.size(); ++i)
    if (pile_searchable(s, ch, c.piles[i])) out.push_back(choose_answer(int(i)));
  if (out.empty()) out.push_back(choose_done());
}

static void apply_which_pile(State& s, const Option& o, Log log) {
  PendingChoice& ch = s.choices.front();
  const ChoiceSpec& c = spec_of(s, ch.source);
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, kNoCard, o.p});
  if (o.p < 0 || size_t(o.p) >= c.piles.size()) {  // no pile it may search: the choice ends
    ch.fetch = kOtherPileSearched;
    ch.picks_left = 0;
    return;
  }
  const Pile pile = c.piles[size_t(o.p)].pile;
  std::erase_if(ch.candidates, [&](CardId x) { return s.card(x).zone != pile_zone(pile); });
  ch.fetch = pile == Pile::Draw ? 0 : kOtherPileSearched;
  for (CardId x : ch.candidates)
    emit(log, {EventKind::Effect, int8_t(ch.seat), ch.source, x, int(Op::LookAtHand), s.card(x).owner});
}

// The questions mechanisms ask through a PendingChoice of their own: each
// tells its choices apart, lists their options and applies a pick. One table,
// so that a new kind is one row and its options and its apply stay paired.
struct MechanismChoice {
  bool (*is)(const State&, const PendingChoice&);
  void (*options)(const State&, const PendingChoice&, std::vector<Option>&);
  void (*apply)(State&, const Option&, Log);
};

static constexpr MechanismChoice kMechanismChoices[] = {
    // Asked by their PendingChoice::fetch code alone: first, so that no row reading the source card claims them.
    {is_cancel_choice, cancel_choice_options, apply_cancel_choice},  // YOUNG GUARD: cancel the Special, or not
    {is_merge_give_choice, merge_give_options, apply_merge_give},  // TIGHT FORMATION: a parted group's card given out
    {is_next_attack_choice, next_attack_options, apply_next_attack},  // GRINDER: the next of its attacks, or none
    {is_board_choice, board_choice_options, apply_board_choice},      // RAZOR WIRE FENCE: the warrior behind it
    {is_contagion_choice, contagion_options, apply_contagion},  // PLAGUE BEARER: markers removed, passed on
    {is_own_begin_choice, own_begin_options, apply_own_begin},  // YORAMA'S DEFLECTING HANDS: a WEAPON; the tactic anew
    {is_victim_equipment_choice, victim_equipment_options, apply_victim_equipment},  // PILLAGED MUNITIONS: one kept
    {is_named_defender_choice, named_defender_options, apply_named_defender},        // WORKING ON THE SLY: the defender
    {is_consent_choice, consent_options, apply_consent},               // BAUHAUS SECURITY GUARD: a card let through, or not
    {is_auction_choice, auction_options, apply_auction},               // MERCENARY: a bid, or a pass; the winner's area
    {is_target_answer_choice, target_answer_options, apply_target_answer},  // CLOSE BUT NO CIGAR: the target reached answered
    {is_attach_answer_choice, attach_answer_options, apply_attach_answer},  // ASSAULT ENGINEER: the warrior it goes on
    {is_take_prisoner_choice, take_prisoner_options, apply_take_prisoner},  // PRISONER WORK CAMP: the prisoner moved in
    {is_repay_choice, repay_options, apply_repay},                             // FOOL'S GOLD: pay again, or lose it
    {is_instead_choice, instead_choice_options, apply_instead_choice},  // CRYOTECH CHAMBER: a card sent elsewhere, or not
    {is_look_discard_choice, look_discard_options, apply_look_discard},  // VENOM BAT: the warriors looked at, discarded
    {is_sabotage_choice, sabotage_choice_options, apply_sabotage_choice},  // GUARD STATION: a defender from hand, its tactic
    {is_truce_choice, truce_options, apply_truce_choice},            // TRUCE: the two teams (its own fetch code)
    {is_trade_answer, trade_answer_options, apply_trade_answer},     // SUMMIT MEETING: a card offered, taken or not
    {is_share_choice, share_options, apply_share},  // TRANSMUTATION: ratings shared out (its own fetch codes)
    {is_mass_choice, mass_options, apply_mass},     // BATTLE CRY: the attacks named (its own fetch codes)
    {is_affliction_upkeep, affliction_upkeep_options, apply_affliction_upkeep},  // SPIRALING DEATH's upkeep
    {is_trigger_pick, trigger_pick_options, apply_trigger_pick},               // KARNOPHAGE's victim
    {is_marker_purchase, marker_purchase_options, apply_marker_purchase},  // GENDARME BESTAL: markers bought (first:
                                                                           // a warrior's question, not its group's)
    {is_intervene_choice, intervene_options, apply_intervene},      // INFANTRY SNIPER: who strikes first (its own fetch codes)
    {is_substitute_choice, substitute_options, apply_substitute},   // POINT GUARD: a guard defends instead, or not
    {is_retarget_choice, retarget_options, apply_retarget},         // REDIRECT, REFLECTION: where a spell goes
    {is_replay_choice, replay_options, apply_replay},               // PASS THE BUCK: where the card is played again
    {is_may_trigger_choice, may_trigger_options, apply_may_trigger},  // PRISON CAMP: take a trigger, or not
    {is_hand_cap_choice, hand_cap_options, apply_hand_cap},           // DEAL WITH IT: a hand discarded down to its cap
    {is_team_gift_choice, team_gift_options, apply_team_gift},        // CURRENCY EXCHANGE: D given to team-mates
    {is_per_card_upkeep_choice, per_card_upkeep_options, apply_per_card_upkeep},  // ATTRITION: the cards left unpaid
    {is_spy_choice, spy_choice_options, apply_spy_choice},           // SPY IN THE RANKS: take a reward, or not
    {group_choice, group_choice_options, apply_group_choice},        // GOLDEN LION, a group's strike
    {toll_choice, toll_options, apply_toll},
    {is_raise_choice, raise_choice_options, apply_raise_choice},               // ANIMATE DEAD
    {is_attack_on_choice, attack_on_options, apply_attack_on},                 // gEngine CHARGER
    {is_anew_choice, anew_options, apply_anew},                                // SHELTER OF THE CROWD
    {is_prison_choice, prison_choice_options, apply_prison_choice},            // gEngine CYBERCURITY MP
    {is_question_choice, question_options, apply_question},                    // DISCERN TRUTH
    {is_tactic_choice, tactic_choice_options, apply_tactic_choice},            // gEngine LESSER TELEPATHY
    {is_forced_tactic_choice, forced_tactic_options, apply_forced_tactic},     // COMMAND
    {is_plan_choice, [](const State& s, const PendingChoice&, std::vector<Option>& out) { plan_choice_options(s, out); },
     apply_plan_choice},                                                       // EMPATHY
    {is_disease_choice, disease_choice_options, apply_disease_choice},         // printed BACTERIA GRENADE
    {is_waiver_choice, waiver_choice_options, apply_waiver_choice},            // MENTAL CONSTITUTION
    {is_mystic_choice, mystic_choice_options, apply_mystic_choice},            // gEngine MYSTIC
    {is_recipient_choice, recipient_options, apply_recipient},                 // SUMMON ITEM's warrior
    {is_take_choice, take_choice_options, apply_take_choice},                  // HEIST's warrior
    {is_which_pile, which_pile_options, apply_which_pile},                     // GREATER DIVINATION's pile
};

static const MechanismChoice* mechanism_choice(const State& s, const PendingChoice& ch) {
  for (const MechanismChoice& m : kMechanismChoices)
    if (m.is(s, ch)) return &m;
  return nullptr;
}

void choice_options(const State& s, std::vector<Option>& out) {
  if (play_at_once_choice(s)) return play_at_once_options(s, out);  // a fetched card's plays (fetch.hpp)
  if (revelation_choice(s)) {  // its options are casts (effects/choices/revelation.hpp)
    revelation_options(s, out);
    return;
  }
  if (secret_choice(s)) return secret_options(s, out);      // SECRET MISSION: missions' assignments
  if (inspired_choice(s)) return inspired_options(s, out);  // INSPIRED: actions at once
  const PendingChoice& ch = s.choices.front();
  if (const MechanismChoice* m = mechanism_choice(s, ch)) return m->options(s, ch, out);
  const ChoiceSpec& c = spec_of(s, ch.source);
  const size_t first = out.size();
  if (ch.picks_left != 0 && pick_actions_left(s, ch, c)) {
    for (CardId x : ch.candidates)
      if (still_there(s, c, x) && destiny(s, ch.seat) >= pick_price(s, ch, c, x) && spell_pick_ok(s, ch, c, x))
        out.push_back({OptKind::Choose, x});
    for (int8_t p : ch.seats)
      if (!s.seats[size_t(p)].eliminated) {
        Option o{OptKind::Choose};
        o.seat = p;
        out.push_back(o);
      }
    for (size_t i = 0; i < c.alternatives.size(); ++i) {
      const Alternative& a = c.alternatives[i];
      if (destiny(s, ch.seat) < a.cost_d || s.seats[ch.seat].promotion < a.cost_p) continue;
      if (!effects_possible(s, a.effects)) continue;
      if (!alternative_fits(s, a.effects, ch.target)) continue;  // INSUBORDINATION: an affiliation it has
      out.push_back(choose_answer(int(i)));
    }
  }
  if (c.may_stop || out.size() == first) out.push_back(choose_done());
}

void apply_choose(State& s, const Option& o, Log log) {
  if (const MechanismChoice* m = mechanism_choice(s, s.choices.front())) return m->apply(s, o, log);
  PendingChoice& ch = s.choices.front();
  const ChoiceSpec& c = spec_of(s, ch.source);
  // A player picked is written x = kPickedSeat + its seat (dt::describe).
  emit(log, {EventKind::Choose, int8_t(ch.seat), ch.source, o.a, o.a != kNoCard ? -1 : o.seat >= 0 ? kPickedSeat + o.seat : o.p});
  if (o.a == kNoCard && o.seat < 0 && o.p < 0) {  // the chooser stops: step_choices ends the choice
    ch.picks_left = 0;
    return;
  }
  if (ch.picks_left > 0) --ch.picks_left;
  const CardId source = ch.source;
  const Target t{ch.target, ch.target_seat, -1, ch.user};
  const int by = ch.by, who = ch.seat;
  const CardId user = ch.user;
  // A pick of a card just played is one of its effects: a cancel puts it back too.
  std::optional<UndoRecorder> record;
  if (just_played(s, source)) record.emplace(s, source);
  if (c.pick_actions && o.a != kNoCard) s.actions_left = std::max(0, s.actions_left - c.pick_actions);
  if (o.a != kNoCard) {
    const int price = pick_price(s, ch, c, o.a);
    destiny(s, who) -= price;
    if (s.def(source).type == CardType::Art && user != kNoCard) note_spell_spent(s, user, source, price);
    std::erase(ch.candidates, o.a);
    if (c.same_area || c.one_each) narrow_after_pick(s, c, ch, o.a);
    const Zone was = s.card(o.a).zone;
    run_effects(s, by, source, user, t, 1, c.on_pick, log, nullptr, o.a);
    note_pile_pick(s, o.a, was);  // printed POWER OF PERCEPTION
  } else if (o.seat >= 0) {  // a player (ITEM VISION, FILE TRANSFER)
    destiny(s, who) -= pick_price(s, ch, c, kNoCard);
    if (!c.repeat_picks) std::erase(ch.seats, o.seat);
    run_effects(s, by, source, kNoCard, t, 1, c.on_pick, log, nullptr, kNoCard, o.seat);
  } else {
    const Alternative& a = c.alternatives[size_t(o.p)];
    destiny(s, who) -= a.cost_d;
    s.seats[size_t(who)].promotion -= a.cost_p;
    run_effects(s, by, source, kNoCard, t, 1, a.effects, log, nullptr);
  }
}

// The choice is over: the candidates left take `on_rest`, and the game goes
// back to the decision the card interrupted.
static void finish_choice(State& s, Log log) {
  const PendingChoice ch = s.choices.front();
  const bool cancel = is_cancel_choice(s, ch), spy = is_spy_choice(s, ch), waiver = is_waiver_choice(s, ch);
  const bool mystic = is_mystic_choice(s, ch);
  const bool retarget = is_retarget_choice(s, ch);  // REDIRECT left unanswered: the spell plays as it was
  if (is_may_trigger_choice(s, ch))  // PRISON CAMP's question left unanswered: the trigger is let go
    std::erase_if(s.lasting, [&](const LastingMod& m) {
      return m.lock == kMayTrigger && m.source == ch.source && m.target == ch.target;
    });
  if (ch.fetch == kFetchInstead) instead_choice_done(s, ch);  // CRYOTECH CHAMBER left unanswered: the card stays
  if ((s.families & famCopies) && ch.fetch == kFetchPlayAtOnce && ch.target != kNoCard &&
      s.card(ch.target).zone == Zone::Hand)
    end_copy(s, ch.target);  // JOKER! left unplayed: itself again (effects/lasting/copies.hpp)
  s.choices.erase(s.choices.begin());
  s.phase = ch.resume;
  // Questions of issue 32 going on after each answer (their own fetch codes).
  if (ch.fetch == kFetchConsent) consent_choice_done(s, ch, log);  // BAUHAUS SECURITY GUARD: the card's effects run now
  else if (ch.fetch == kFetchBid || ch.fetch == kFetchAuctionArea) auction_choice_done(s, ch, log);  // MERCENARY
  else if (ch.fetch == kFetchTargetAnswer) target_answer_done(s, ch, log);  // CLOSE BUT NO CIGAR
  if ((s.families & famStorage) && stored_unplayed(s, ch)) {  // SECRET: a card it could not play is annihilated
    take_out(s, ch.target);
    put_into(s, ch.target, Zone::Annihilated);
    emit(log, {EventKind::Effect, int8_t(ch.seat), ch.source, ch.target, int(Op::Annihilate), -1});
  }
  const ChoiceSpec& c = spec_of(s, ch.source);
  if (cancel) cancel_choice_done(s, ch, log);  // not cancelled: the Special's effects run now
  else if (retarget) retarget_choice_done(s, ch, log);
  else if (spy) spy_choice_done(s, ch, log);  // no spy: the mission's reward goes to its player
  else if (waiver) waiver_choice_done(s, ch, log);  // MENTAL CONSTITUTION waived: the card's effects run now
  else if (mystic) mystic_choice_done(s, ch, log);  // gEngine MYSTIC: the next player asked, or the spell resolves
  else
    for (CardId x : ch.candidates)
      if (still_there(s, c, x))
        run_effects(s, ch.by, ch.source, kNoCard, {ch.target, ch.target_seat}, 1, c.on_rest, log, nullptr, x);
  if (ch.fetch == kFetchSabotageDefender) sabotage_choice_done(s, ch, log);  // GUARD STATION not used: the sabotage earns
  if (!ch.fetch && c.from == ChoiceFrom::YourPiles && !c.keep_order)  // a draw pile searched is shuffled
    for (const PileSource& p : c.piles)
      if (p.pile == Pile::Draw) {
        const int owner = c.target_players ? target_seat_of(s, {ch.target, ch.target_seat}) : int(ch.seat);
        if (owner >= 0) s.rng.shuffle(s.seats[size_t(owner)].draw);
      }
  // A combat whose warrior left play meanwhile is over without a resolution.
  // (A kill trigger's choice comes after the combat's own kills: its combat ends as usual.)
  if (s.combat.active && ch.fetch != kKillChoice &&
      (!is_warrior_in_play(s, s.combat.attacker) || !is_warrior_in_play(s, s.combat.defender))) {
    s.combat = Combat{};
    if (s.families2 & fam2WholeAssist) whole_assists_over(s);  // PANIC BUTTON's additions end with it
    return_lent(s);  // BRIBERY: the combat is over
    if (s.phase == Phase::Window && s.window.kind == WindowKind::CombatModify) open_response_window(s);
  }
  if (!s.awards.empty() && s.phase != Phase::GameOver) s.phase = Phase::Points;
  else if (s.phase == Phase::Points) open_response_window(s);  // NECROMAKINA took the kill's points away
}

bool step_choices(State& s, Log log) {
  if (s.choices.empty() || s.phase == Phase::GameOver) return false;
  if (s.phase == Phase::Points && !kill_choice_first(s)) return false;  // a kill trigger's choice comes first
  if (s.phase != Phase::Choice) {
    s.choices.front().resume = s.phase;
    s.phase = Phase::Choice;
  }
  const PendingChoice& ch = s.choices.front();
  bool over = (ch.picks_left == 0 && ch.fetch != kWhichPile) || s.seats[ch.seat].eliminated;
  if (!over) {
    std::vector<Option> opts;
    choice_options(s, opts);
    over = opts.size() == 1 && opts[0].a == kNoCard && opts[0].p < 0;  // nothing left to pick
  }
  if (!over) return false;
  finish_choice(s, log);
  return true;
}

}  // namespace dt::detail

namespace dt {

int choice_pick_actions(const State& s) {
  if (s.choices.empty() || s.choices.front().fetch != 0) return 0;
  return detail::spec_of(s, s.choices.front().source).pick_actions;
}

}  // namespace dt
