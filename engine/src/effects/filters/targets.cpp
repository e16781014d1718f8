// What a card, spell or ability may be played on: warriors, combatants,
// players, fortifications, equipment, gifts, missions, cards of a pile.
#include <algorithm>

#include "dt/designations.hpp"
#include "dt/handlers.hpp"
#include "effects/attacks/again.hpp"
#include "effects/filters/hosts.hpp"
#include "effects/lasting/virus.hpp"
#include "effects/triggers/reactions.hpp"
#include "effects/triggers/replace.hpp"
#include "effects/modifiers/text_off.hpp"
#include "internal.hpp"
#include "markers.hpp"
#include "effects/warriors/raise.hpp"
#include "combat/groups.hpp"
#include "effects/triggers/intercept.hpp"

namespace dt::detail {

static bool visible_warrior(const State& s, CardId w, int seat) {
  return is_warrior_in_play(s, w) && (!s.card(w).hidden || s.card(w).controller == seat);
}

// GOOD LUCK CHARM (NO CARD LOWERING ITS RATINGS): does the card lower a warrior's F, S, A or V, by its own
// bonus, a modifier on its bearer or a bonus its play or abilities give?
static bool lowers(const StatBonus& b) { return b.f < 0 || b.s < 0 || b.a < 0 || b.v < 0; }
bool lowers_ratings(const CardDef& d) {
  if (lowers(d.bonus)) return true;
  for (const StaticMod& m : d.mods)
    if ((m.scope == Scope::Bearer || m.scope == Scope::Self) && lowers(m.bonus)) return true;
  auto in = [](const std::vector<Effect>& fx) {
    for (const Effect& e : fx)
      if (lowers(e.bonus)) return true;
    return false;
  };
  if (d.play && in(d.play->effects)) return true;
  for (const Ability& a : d.abilities)
    if (in(a.effects)) return true;
  return false;
}

// Is w kept from the card `source` by NO CARD LOWERING ITS RATINGS? Only a game holding such a card asks.
bool rating_shielded(const State& s, CardId w, CardId source) {
  return (s.families & famRatingShield) && lowers_ratings(s.def(source)) &&
         has_ability(s, w, desig::NoCardLoweringItsRatings);
}

// The cards already on such a warrior that lower its ratings are discarded (checked after every decision).
void discard_rating_losers(State& s, Log log) {
  for (size_t p = 0; p < s.seats.size(); ++p) {
    const std::vector<CardId> mine = s.seats[p].in_play;
    for (CardId w : mine) {
      if (!is_warrior_in_play(s, w) || s.card(w).first_attachment == kNoCard ||
          !has_ability(s, w, desig::NoCardLoweringItsRatings))
        continue;
      std::vector<CardId> gone;
      for (CardId a : attachments_of(s, w))
        if (s.card(a).attached_to == w && lowers_ratings(s.def(a))) gone.push_back(a);
      for (CardId a : gone) {
        emit(log, {EventKind::Discard, int8_t(s.card(a).controller), a});
        discard_from_play(s, a);
      }
    }
  }
}

std::vector<Target> targets(const State& s, int seat, TargetKind k, const WarriorFilter& f, CardId source) {
  std::vector<Target> out;
  const bool from_hand = s.card(source).zone == Zone::Hand;
  const bool attaches = s.def(source).post_play == PostPlay::Attach && from_hand;
  const auto& grants = s.def(source).grant_designations;
  constexpr DesigKey kHeretic(desig::Heretic);
  const bool makes_heretic =
      s.def(source).may_grant(kHeretic) && std::find(grants.begin(), grants.end(), kHeretic.text) != grants.end();
  auto warrior_ok = [&](CardId w) {
    if (attaches && has_designation(s, w, desig::NoAttachments)) return false;
    if (mission_copy_on_warrior(s, source, w)) return false;
    if (f.other && (w == source || w == s.card(source).attached_to)) return false;
    if (makes_heretic && has_designation(s, w, desig::NeverHeretic)) return false;
    if (rating_shielded(s, w, source)) return false;  // GOOD LUCK CHARM
    // INFRARED GOGGLES: a card its combat opponent ignores on it is not played on a combatant.
    if (from_hand && s.combat.active && (w == s.combat.attacker || w == s.combat.defender)) {
      const CardId opp = combat_opponent(s, w);
      if (opp != kNoCard && ignores_opponents_card(s, opp, source)) return false;
    }
    // BIO-GIANT: no Special of its own player's is played on it.
    if (from_hand && s.def(source).type == CardType::Special && s.card(w).controller == seat &&
        own_designation_on(s, w, desig::NoSpecialsFromItsPlayer))
      return false;
    if (!visible_warrior(s, w, seat)) return false;
    if (virus_shielded(s, source, w)) return false;  // INOCULATIONS
    if (!filter_matches(s, f, w, seat)) {
      // A card played from hand meant for a corporation's warriors: a warrior
      // that borrows that corporation's cards may take it (and pays 3 D).
      if (!from_hand || !(f.affil & borrowed_affiliations(s, w))) return false;
      WarriorFilter g = f;
      g.affil = 0;
      if (!filter_matches(s, g, w, seat)) return false;
    }
    // MENTAL CONSTITUTION: a card from hand may target the warrior; its player is asked as it is played.
    return !(from_hand ? immune_to_target(s, w, source) : immune_to(s, w, source));
  };
  switch (k) {
    case TargetKind::None: out.push_back({}); break;
    case TargetKind::Warrior:
      for (const SeatState& st : s.seats)
        for (CardId w : st.in_play)
          if (warrior_ok(w)) out.push_back({w, -1});
      break;
    case TargetKind::Combatant:
      if (s.combat.active)
        for (CardId w : {s.combat.attacker, s.combat.defender}) {
          if (warrior_ok(w)) out.push_back({w, -1});
          for (CardId x : assistants(s, w))  // its reinforcements are in the combat too
            if (warrior_ok(x)) out.push_back({x, -1});
        }
      break;
    case TargetKind::Player:
    case TargetKind::OpponentPlayer:
      for (int t = 0; t < s.num_seats(); ++t)
        if (!s.seats[size_t(t)].eliminated && (k == TargetKind::Player || opponents(s, t, seat)) &&
            !(f.other && t == seat) &&  // another player (NECROVISUAL LINK)
            !(f.side == Side::Yours && t != seat) &&  // yourself (HERETIC CONSPIRACY)
            (f.designation.empty() || player_has_in_play(s, t, f.designation)) &&  // ROBBED BLIND: CARDINAL'S BANK
            !mission_copy_on_player(s, source, t) && !player_immune_to(s, t, source))
          out.push_back({kNoCard, int8_t(t)});
      break;
    case TargetKind::YourCard:  // an Alliance is never removed but by a card that names it
      // The filter narrows them (OFF TO THE BUTCHER: a Beast card, or a warrior that is a BEAST).
      for (CardId c : s.seats[size_t(seat)].in_play)
        if (!s.card(c).hidden && s.def(c).type != CardType::Alliance && filter_matches(s, f, c, seat)) out.push_back({c, -1});
      for (CardId c : s.attached)
        if (s.card(c).controller == seat && filter_matches(s, f, c, seat)) out.push_back({c, -1});
      break;
    case TargetKind::RecentAttacker:
      if (s.recent_survivor != kNoCard && is_warrior_in_play(s, s.recent_survivor)) out.push_back({s.recent_survivor, -1});
      break;
    case TargetKind::FoughtOpponent: {  // LOTUS BLOSSOM: its warrior's opponent in the combat just over
      const CardId user = is_warrior_in_play(s, source) ? source : s.card(source).attached_to;
      const CardId opp = fought_opponent(s, user);
      if (opp != kNoCard && warrior_ok(opp)) out.push_back({opp, -1});
      break;
    }
    case TargetKind::JustKilled: {  // LIFE INSURANCE: in its pile now; Play.after_kill says which (reactions.hpp)
      std::vector<CardId> dead;
      just_killed(s, dead);
      for (CardId w : dead) out.push_back({w, -1});
      break;
    }
    case TargetKind::JustDiscarded:  // CLOSE CALL!: in its pile now (effects/triggers/intercept.hpp)
      if (s.families & famJustDiscarded) {
        std::vector<CardId> gone;
        just_discarded(s, seat, f, gone);
        for (CardId c : gone) out.push_back({c, -1});
      }
      break;
    case TargetKind::RecentEarner:
      if (s.recent_p_seat >= 0) out.push_back({kNoCard, s.recent_p_seat});
      break;
    case TargetKind::YourDrawPile: {  // the back of the pile is its top
      if (draw_pile_shielded(s, seat, source)) break;  // SPELLBOUND
      const std::vector<CardId>& draw = s.seats[size_t(seat)].draw;
      const size_t skip = s.def(source).play ? size_t(std::max<int>(0, s.def(source).play->skip_top)) : 0;
      for (size_t i = 0; i + skip < draw.size(); ++i)  // the cards the filter names (DARK SUMMONING: Dark Legion Equipment)
        if (filter_matches(s, f, draw[i], seat)) out.push_back({draw[i], -1});
      break;
    }
    case TargetKind::OwnWeapon:  // CHASSEUR grafts a weapon it carries
      if (is_warrior_in_play(s, source))
        for (CardId e : attachments_of(s, source))
          if (s.def(e).type == CardType::Equipment && s.def(e).weapon != WeaponKind::None && !s.card(e).grafted)
            out.push_back({e, -1});
      break;
    case TargetKind::Stored:  // GRAVE ROBBERS: a card kept under a card its play's `host` names (actions/storage.hpp)
      if (s.families & famStorage) {
        const WarriorFilter& hf = s.def(source).play->host_filter;
        for (size_t i = 0; i < s.cards.size(); ++i) {
          const CardId c = CardId(i), h = s.cards[i].attached_to;
          if (s.cards[i].zone != Zone::Under || s.cards[i].hidden) continue;
          if (!hf.card_designation.empty() && !s.def(h).has_designation(hf.card_designation)) continue;
          if (filter_matches(s, f, c, seat)) out.push_back({c, -1});
        }
      }
      break;
    case TargetKind::YourSideBoard:  // gEngine "Side Board Pile": the player searches it
      for (CardId c : s.seats[size_t(seat)].side_board)
        if (filter_matches(s, f, c, seat)) out.push_back({c, -1});
      break;
    case TargetKind::Spell: {  // Art spells in play, and those cast in this combat
      for (CardId c : s.attached)
        if (s.def(c).type == CardType::Art) out.push_back({c, -1});
      for (const SeatState& st : s.seats)
        for (CardId c : st.in_play)
          if (s.def(c).type == CardType::Art) out.push_back({c, -1});
      std::vector<CardId> cast;
      for (const CombatMod& m : s.combat.mods)
        if (m.source != kNoCard && s.def(m.source).type == CardType::Art && s.card(m.source).zone != Zone::InPlay &&
            std::find(cast.begin(), cast.end(), m.source) == cast.end())
          cast.push_back(m.source);
      // and one just cast, still answerable (gEngine: "immediately after" it is cast; effects/triggers/undo.hpp)
      for (const UndoStep& u : s.undo)
        if (u.card == kNoCard && u.seat < 0 && u.attacker == kNoCard && s.def(u.source).type == CardType::Art &&
            s.card(u.source).zone != Zone::InPlay && std::find(cast.begin(), cast.end(), u.source) == cast.end())
          cast.push_back(u.source);
      for (CardId c : cast) out.push_back({c, -1});
      break;
    }
    case TargetKind::YourHand:  // CUIRASSIER: a card you discard from hand
      for (CardId c : s.seats[size_t(seat)].hand)
        if (c != source && filter_matches(s, f, c, seat)) out.push_back({c, -1});  // MORTIS SWORD: Art cards
      break;
    case TargetKind::AttachedSpecial:  // BAUHAUS BLITZER: a Special not yet switched off
      for (CardId c : s.attached) {
        if (s.def(c).type != CardType::Special || !is_attached_top(s, c)) continue;
        if (!f.card_designation.empty() && !s.def(c).has_designation(f.card_designation)) continue;  // BULLETPROOF VEST
        if (std::find(s.combat.used.begin(), s.combat.used.end(), c) != s.combat.used.end()) continue;
        const CardId b = s.card(c).attached_to;
        if (is_warrior_in_play(s, b) && visible_warrior(s, b, seat) && filter_matches(s, f, b, seat))
          out.push_back({c, -1});
      }
      break;
    case TargetKind::CardInPlay:  // printed SCRAMBLING DEVICE: any Special in play, on a warrior or lying before a player
      for (size_t i = 0; i < s.cards.size(); ++i) {
        const CardId c = CardId(i);
        const CardInst& ci = s.cards[i];
        if (ci.zone != Zone::InPlay || ci.hidden || c == source) continue;
        if (f.attached && ci.attached_to == kNoCard) continue;  // gEngine SCRAMBLING DEVICE: an attachment
        if (f.card_types && !(f.card_types & (1u << unsigned(s.def(c).type)))) continue;
        if (!f.card_designation.empty() && !s.def(c).has_designation(f.card_designation)) continue;
        out.push_back({c, -1});
      }
      break;
    case TargetKind::Mission:  // never another player's face-down one (SECRET MISSION)
      for (size_t i = 0; i < s.cards.size(); ++i)
        if (s.cards[i].zone == Zone::InPlay && s.def(CardId(i)).type == CardType::Mission &&
            !(s.cards[i].hidden && s.cards[i].owner != seat))
          out.push_back({CardId(i), -1});
      break;
    case TargetKind::Host:  // docs/effects.md "Hosts"
      host_targets(s, seat, source, out);
      break;
    case TargetKind::Fortification:  // built, given to a warrior, or a card considered one
      for (size_t i = 0; i < s.cards.size(); ++i) {
        const CardId c = CardId(i);
        if (s.cards[i].zone != Zone::InPlay || !is_fortification(s, c)) continue;
        if (!f.designation.empty() && !s.def(c).has_designation(f.designation)) continue;
        if (f.card_types && !(f.card_types & (1u << unsigned(s.def(c).type)))) continue;  // not one only considered a fortification
        if (f.combatant && !(s.combat.active && (fortification_affects(s, c, s.combat.attacker) ||
                                                 fortification_affects(s, c, s.combat.defender))))
          continue;  // DEMOLITION KIT as printed: one that protects a combatant
        out.push_back({c, -1});
      }
      break;
    case TargetKind::Equipment:
    case TargetKind::Gift: {
      // MALFUNCTION!: Equipment on a warrior's weapon (a BAYONET) is that warrior's
      // too; gEngine also reaches Equipment lying in play on no warrior (ARTILLERY).
      const bool in_play_any = k == TargetKind::Equipment && s.def(source).has_designation(desig::AnyEquipmentCardInPlay);
      const bool on_weapons = in_play_any || (k == TargetKind::Equipment && s.def(source).has_designation(desig::AnyEquipmentOnAWarrior));
      for (size_t i = 0; i < s.cards.size(); ++i) {
        const CardId c = CardId(i);
        const CardType want = k == TargetKind::Gift ? CardType::Symmetry : CardType::Equipment;
        if (s.def(c).type != want || s.cards[i].zone != Zone::InPlay) continue;
        if (!f.card_designation.empty() && !s.def(c).has_designation(f.card_designation)) continue;  // HOMING MISSILE
        if (!is_attached_top(s, c)) {
          // A card discarding Equipment of a named kind (DPAT-9 "DEUCE"'s VEHICLE) reaches a carrier of that kind
          // lying in a combat area too (KLEIN HELITEK DRAGONFLY): it is on no warrior, so nothing else is asked.
          const bool carrier = s.def(c).holds && !f.card_designation.empty();
          if ((in_play_any || carrier) && !s.cards[i].hidden) out.push_back({c, -1});
          continue;
        }
        const CardId b = on_weapons ? bearer_of(s, c) : s.card(c).attached_to;
        if (is_warrior_in_play(s, b) && visible_warrior(s, b, seat) && filter_matches(s, f, b, seat))
          out.push_back({c, -1});
      }
      break;
    }
  }
  if (s.families2 & fam2CoveredAttachments)
    std::erase_if(out, [&](const Target& t) { return t.card != kNoCard && attachment_covered(s, t.card, source, from_hand); });
  return out;
}

// A warrior an effect list may make the new defender: not already fighting,
// able to fight in this tactic, open to attack; amount 1 on the effect also
// requires the attacker to be allowed to attack it.
bool defender_ok(const State& s, const std::vector<Effect>& fx, CardId t) {
  for (const Effect& e : fx) {
    if (e.op == Op::Handler && e.handler == HandlerId::change_attacker) {  // one that could attack this defender
      if (t == kNoCard || !s.combat.active || t == s.combat.attacker || t == s.combat.defender) return false;
      if (!can_attack_with(s, t) || !has_rating(s, t, s.combat.tactic)) return false;
      if (!opponents(s, s.card(t).controller, s.card(s.combat.defender).controller)) return false;
      if (!attack_allowed(s, t, s.combat.defender)) return false;
      continue;
    }
    if (e.op != Op::ChangeDefender) continue;
    if (t == kNoCard || !s.combat.active || t == s.combat.attacker || t == s.combat.defender) return false;
    if (!can_take_part_in_combat(s, t) || !defender_may_fight(s, t, s.combat.tactic)) return false;
    if (keywords(s, t) & kwNotAttackable) return false;
    // gEngine "Outpost" attacks: no card moves a combat between the Outpost and the other areas.
    if (s.rules.outposts && (s.card(t).area == Area::Outpost) != (s.card(s.combat.attacker).area == Area::Outpost))
      return false;
    if (e.amount == 1 && !attack_allowed(s, s.combat.attacker, t)) return false;
  }
  return true;
}

// ENTER_PLAY: the warrior may enter play now as a Muster would let it (a
// PERSONALITY not already in play, one Tribal affiliation per Outpost).
bool enter_play_ok(const State& s, int seat, const std::vector<Effect>& fx, CardId t) {
  for (const Effect& e : fx) {
    if (e.op != Op::EnterPlay) continue;
    if (t == kNoCard || s.def(t).type != CardType::Warrior) return false;
    if (!enter_value_ok(s, e, t)) return false;  // gEngine PORTAL OF UNDEATH: V 6 or less
    if (personality_in_play(s, seat, t)) return false;
    if (!s.rules.outposts && is_tribal(s, t)) return false;
    if (area_closed(s, seat, muster_area(s, t))) return false;  // PRIMAL BITCH holds that area
    if (shuns_area(s, t, seat, muster_area(s, t))) return false;  // SALADIN and ALAKHAI
  }
  return true;
}

bool team_game(const State& s) {
  for (int a = 0; a < s.num_seats(); ++a)
    for (int b = a + 1; b < s.num_seats(); ++b)
      if (!opponents(s, a, b)) return true;
  return false;
}

bool tactical_open(const State& s, int seat, bool attack) {
  for (const LastingMod& m : s.lasting) {
    if (m.lock == kLockTacticalOnlySeat && m.seat != seat) return false;
    if (m.lock == kLockNoAttacks && attack) return false;
  }
  return true;
}

// INSPIRE THE MASSES: "if the CATHEDRAL is in play"; any card, face up.
bool card_in_play_matches(const State& s, int seat, const WarriorFilter& f) {
  for (size_t i = 0; i < s.cards.size(); ++i)
    if (s.cards[i].zone == Zone::InPlay && !s.cards[i].hidden && filter_matches(s, f, CardId(i), seat)) return true;
  return false;
}

// ROBBED BLIND: a player with a face-up card in play of this designation (its name counts).
bool player_has_in_play(const State& s, int seat, const std::string& designation) {
  for (CardId c : s.seats[size_t(seat)].in_play)
    if (!s.card(c).hidden && has_designation_text(s, c, designation)) return true;
  return false;
}

bool controls_match(const State& s, int seat, const WarriorFilter& f) {
  for (CardId w : s.seats[size_t(seat)].in_play)
    if (is_warrior_in_play(s, w) && filter_matches(s, f, w, seat)) return true;
  return false;
}

}  // namespace dt::detail
