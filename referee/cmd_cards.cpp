// `dtref cards`: what the built-in card database holds and how much of it the
// engine implements. --coverage (the default) counts implemented/total by set
// and by card type (--json for tools), --list lists cards with filters, and a
// card name or code shows that card's facts (never its printed text).
// `dtref deck X` checks one deck list.
#include <fmt/core.h>

#include <cstdio>

#include <algorithm>
#include <iterator>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "dt/card_loader.hpp"
#include "dt/deck.hpp"
#include "dt/vocabulary.hpp"

namespace dtref {

namespace {

struct CardsOptions {
  bool coverage = false;
  bool json = false;
  bool list = false;
  bool implemented = false;
  bool missing = false;
  bool vocabulary = false;
  std::string set;
  std::string type;
  std::vector<std::string> name;  // words of a card name, or a code
};

// Expansions in release order with their DoomtrooperDB names (facts).
struct SetInfo {
  const char* code;
  const char* name;
};
constexpr SetInfo kSets[] = {{"unl", "Unlimited (Base Set)"}, {"inq", "Inquisition"}, {"wz", "Warzone"},
                             {"mort", "Mortificator"},        {"gol", "Golgotha"},    {"apo", "Apocalypse"},
                             {"pl", "Paradise Lost"},         {"promo", "Promotion cards"}};

constexpr dt::CardType kTypes[] = {
    dt::CardType::Warrior, dt::CardType::Equipment, dt::CardType::Special, dt::CardType::Fortification,
    dt::CardType::Art,     dt::CardType::Symmetry,  dt::CardType::Mission, dt::CardType::Relic,
    dt::CardType::Warzone, dt::CardType::Ki,        dt::CardType::Beast,   dt::CardType::Alliance};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string type_key(dt::CardType t) { return lower(dt::to_string(t)); }

// Set codes in release order, then any set the table above does not know.
std::vector<std::string> set_order(const dt::CardDb& db) {
  std::vector<std::string> order;
  for (const SetInfo& s : kSets) order.push_back(s.code);
  for (const auto& d : db.all())
    if (std::find(order.begin(), order.end(), d.set) == order.end()) order.push_back(d.set);
  return order;
}

std::string set_name(const std::string& code) {
  for (const SetInfo& s : kSets)
    if (code == s.code) return s.name;
  return code;
}

// `implemented` counts a card only when both its texts are expressed; the
// text report also shows each text on its own.
struct Tally {
  int implemented = 0, total = 0, gengine = 0, printed = 0;
  void add(const dt::CardDef& g, const dt::CardDef& p) {
    ++total;
    implemented += g.implemented ? 1 : 0;
    gengine += g.expressed ? 1 : 0;
    printed += p.expressed ? 1 : 0;
  }
};

int print_coverage(const dt::CardDb& db, bool json) {
  std::map<std::string, Tally> by_set;
  std::map<dt::CardType, Tally> by_type;
  Tally all;
  const dt::CardDb& printed = db.text(dt::CardText::Printed);
  for (size_t i = 0; i < db.size(); ++i) {
    const dt::CardDef& d = db[uint16_t(i)];
    const dt::CardDef& p = printed[uint16_t(i)];
    by_set[d.set].add(d, p);
    by_type[d.type].add(d, p);
    all.add(d, p);
  }
  if (json) {
    // Written by hand to keep the documented shape and spacing:
    // {"sets": {"unl": {"implemented": N, "total": 341}, ...}, "types": {...}, ...}
    auto tally = [](const Tally& t) {
      return fmt::format("{{\"implemented\": {}, \"total\": {}}}", t.implemented, t.total);
    };
    std::string sets, types;
    for (const std::string& s : set_order(db))
      if (by_set.count(s)) sets += fmt::format("{}\"{}\": {}", sets.empty() ? "" : ", ", s, tally(by_set[s]));
    for (dt::CardType t : kTypes)
      if (by_type.count(t))
        types += fmt::format("{}\"{}\": {}", types.empty() ? "" : ", ", type_key(t), tally(by_type[t]));
    fmt::print("{{\"sets\": {{{}}}, \"types\": {{{}}}, \"implemented\": {}, \"total\": {}}}\n", sets, types,
               all.implemented, all.total);
    return 0;
  }
  auto pct = [](const Tally& t) { return t.total ? 100.0 * t.implemented / t.total : 0.0; };
  fmt::print("card coverage: {} of {} cards implemented ({:.1f}%): both texts expressed\n"
             "(gEngine text expressed: {}, printed text expressed: {})\n\nby set:{:>51} {:>7}\n",
             all.implemented, all.total, pct(all), all.gengine, all.printed, "gEngine", "printed");
  for (const std::string& s : set_order(db))
    if (by_set.count(s))
      fmt::print("  {:<6} {:<22} {:>4} / {:<4} {:5.1f}% {:>7} {:>7}\n", s, set_name(s), by_set[s].implemented,
                 by_set[s].total, pct(by_set[s]), by_set[s].gengine, by_set[s].printed);
  // The question a player with a deck asks: which sets can I build from today?
  std::string whole, partly;
  for (const std::string& s : set_order(db))
    if (by_set.count(s) && by_set[s].implemented > 0) {
      std::string& list = by_set[s].implemented == by_set[s].total ? whole : partly;
      list += fmt::format("{}{} ({})", list.empty() ? "" : ", ", set_name(s), s);
    }
  fmt::print("\nsets that play in full: {}\nsets that play in part: {} (dtref cards --list --set SET --implemented)\n",
             whole.empty() ? "none" : whole, partly.empty() ? "none" : partly);
  fmt::print("\nby type:{:>50} {:>7}\n", "gEngine", "printed");
  for (dt::CardType t : kTypes)
    if (by_type.count(t))
      fmt::print("  {:<14} {:>4} / {:<4} {:5.1f}%{:>23} {:>7}\n", dt::to_string(t), by_type[t].implemented,
                 by_type[t].total, pct(by_type[t]), by_type[t].gengine, by_type[t].printed);
  return 0;
}

std::string affiliations(dt::AffilMask mask) {
  std::string out;
  for (unsigned a = 0; a <= unsigned(dt::Affil::Templars); ++a)
    if (mask & (1u << a)) out += (out.empty() ? "" : ", ") + std::string(dt::to_string(dt::Affil(a)));
  return out.empty() ? "General" : out;
}

std::string rating(const std::optional<int8_t>& r) { return r ? fmt::format("{}", int(*r)) : "-"; }

std::string signed_bonus(const dt::StatBonus& b) {
  std::string out;
  auto one = [&](int v, const char* stat) {
    if (v) out += fmt::format("{}{:+d} {}", out.empty() ? "" : ", ", v, stat);
  };
  one(b.f, "F");
  one(b.s, "S");
  one(b.a, "A");
  one(b.v, "V");
  return out;
}

const char* post_play_name(dt::PostPlay p) {
  switch (p) {
    case dt::PostPlay::Attach: return "attach";
    case dt::PostPlay::Discard: return "discard";
    case dt::PostPlay::Annihilate: return "annihilate";
    case dt::PostPlay::None: break;
  }
  return "none";
}

const char* weapon_name(dt::WeaponKind w) {
  switch (w) {
    case dt::WeaponKind::Fight: return "Fight weapon";
    case dt::WeaponKind::Shoot: return "Shoot weapon";
    case dt::WeaponKind::FightShoot: return "Fight/Shoot weapon";
    case dt::WeaponKind::Special: return "special weapon";
    case dt::WeaponKind::None: break;
  }
  return "";
}

std::string timing_name(dt::Timing t) {
  switch (t) {
    case dt::Timing::Combat: return "during combat";
    case dt::Timing::AnyTime: return "at any time";
    case dt::Timing::YourTurn: return "during your turn";
    case dt::Timing::Action: return "as an action";
    case dt::Timing::YourDrawStep: return "in your draw step";
    case dt::Timing::AfterCombat: return "after a combat";
    case dt::Timing::YourTurnEnd: return "at the end of your turn";
    case dt::Timing::AnyDrawStep: return "as any player's draw step begins";
    case dt::Timing::OthersTurn: return "in another player's turn";
    case dt::Timing::CombatBegins: return "as a combat begins";
    case dt::Timing::None: break;
  }
  return "by its own rule";
}

// One line for a card's choice: who picks what, how often (cards.proto Choice).
static std::string choice_line(const dt::ChoiceSpec& c) {
  static const char* kFrom[] = {"one of its alternatives", "cards of the target player's hand (shown to the chooser)",
                                "cards of your discard pile", "cards off the top of your draw pile (shown to you)",
                                "the target player's warriors", "cards in play", "cards of the piles it names",
                                "cards on the target warrior"};
  // PLAYERS, MISSION_RECIPIENTS and JUST_KILLED_CARRIED are numbered apart from the rest (cards.proto).
  const char* from = c.from == dt::ChoiceFrom::Players             ? "players"
                     : c.from == dt::ChoiceFrom::MissionRecipients ? "where the target mission may go"
                     : c.from == dt::ChoiceFrom::JustKilledCarried ? "what the warrior just killed carried"
                     : size_t(c.from) < std::size(kFrom)           ? kFrom[size_t(c.from)]
                                                                   : "?";
  std::string picks = c.picks == 0 && c.picks_per_time == 0 ? std::string("any number of times")
                      : c.picks_per_time > 0 ? fmt::format("{} + {} per purchase", c.picks, c.picks_per_time)
                                             : fmt::format("{} time(s)", c.picks);
  return fmt::format("{} {}{}: {}{}", c.target_player_chooses ? "the target player picks" : "you pick", from,
                     c.alternatives.empty() || c.from == dt::ChoiceFrom::Alternatives
                         ? "" : fmt::format(" or one of {} alternative(s)", c.alternatives.size()),
                     picks, c.may_stop ? ", and may stop" : "");
}

// The effects of one text of a card, summarised from its definition.
std::vector<std::string> effect_lines(const dt::CardDef& d) {
  std::vector<std::string> effects;
  if (d.weapon != dt::WeaponKind::None) effects.push_back(weapon_name(d.weapon));
  if (!d.bonus.empty())
    effects.push_back((d.combat_modifier ? "in a combat: " : "bonus: ") + signed_bonus(d.bonus));
  if (d.give_to.affil || d.give_to.doomtrooper || d.give_to.legion) {
    // Every condition holds at once (cardtypes/equipment.cpp, gives_to): printed
    // VIOLATOR SWORD goes to a warrior both of Bauhaus and a Doomtrooper.
    std::string who = d.give_to.affil ? affiliations(d.give_to.affil) + " " : "";
    if (d.give_to.legion) who += "Dark Legion ";
    who += d.give_to.doomtrooper ? "Doomtroopers" : "warriors";
    effects.push_back("given to " + who);
  }
  if (d.fort && !signed_bonus(d.fort->bonus).empty()) {  // a Fortification with no bonus of its own says nothing here
    std::string fx = (d.fort->whole_force ? "to every matching warrior you have: " : "to matching warriors in its area: ") +
                     signed_bonus(d.fort->bonus);
    if (d.fort->affects_affil) fx += " (" + affiliations(d.fort->affects_affil) + ")";
    if (!d.fort->affects_designation.empty()) fx += " (" + d.fort->affects_designation + ")";
    effects.push_back(fx);
  }
  // The effect vocabulary (docs/effects.md), summarised: when and how the
  // card is played, what it carries; never its printed text.
  if (d.play) {
    std::string when = timing_name(d.play->timing);
    if (d.play->actions > 0) when += fmt::format(", {} action(s)", int(d.play->actions));
    if (d.play->cost_d > 0) when += fmt::format(", {} D", d.play->cost_d);
    if (d.play->per_d > 0) when += fmt::format(", for every {} D", d.play->per_d);
    effects.push_back("played: " + when + fmt::format(" ({} effect(s))", d.play->effects.size()));
    if (d.play->choice) effects.push_back("then " + choice_line(*d.play->choice));
  }
  if (d.enter_choice) effects.push_back("as it enters play, " + choice_line(*d.enter_choice));  // WEAPON LINK
  if (d.play && d.play->after_kill) {  // docs/effects.md "After a kill"
    const dt::AfterKillSpec& k = *d.play->after_kill;
    effects.push_back(std::string("only right after a kill") + (k.in_combat ? " in combat" : "") +
                      (k.victim_higher_v ? ", of a warrior of higher V than its killer" : "") +
                      (d.play->target == dt::TargetKind::JustKilled ? ", for the one killed" : ", on the killer"));
  }
  if (d.answers) {  // docs/effects.md "Answers to a card just played"
    const dt::AnswerSpec& a = *d.answers;
    std::string kinds;
    for (int t = 0; t < 16; ++t)
      if (a.card_types & (1u << t)) kinds += std::string(kinds.empty() ? "" : " or ") + std::string(dt::to_string(dt::CardType(t)));
    std::string only;
    for (const std::string& n : a.only_designation) only += std::string(only.empty() ? "" : " or ") + n;
    const std::string who = a.any_player ? "any player" : "another player";
    std::string what = a.not_played ? "the ability of a card " + who + " just used"
                                    : "a card " + who + " just played" + (a.abilities_used ? ", or its ability just used" : "");
    if (a.triggers_fired) what += ", or its trigger just fired";
    effects.push_back("answers " + what +
                      (only.empty() ? std::string() : " (" + only + " only)") +
                      (kinds.empty() ? std::string() : " (" + kinds + ")") +
                      (a.on_bearer ? " on its warrior" : "") + (a.cost_d ? fmt::format(", for {} D", a.cost_d) : "") +
                      (a.discard_self ? ", discarded to do it" : "") + (a.annihilate_self ? ", annihilated to do it" : "") +
                      (a.healthy ? ", while unwounded" : "") + (a.negate ? ": that card does nothing" : "") +
                      (a.to_hand ? ": that card works, then goes back to its player's hand" : "") +
                      (a.retarget == 1 ? ": its effects reach its caster instead" : "") +
                      (a.retarget == 2 ? ": its effects reach another legal target you pick" : "") +
                      (a.or_negate ? ", or it does nothing" : "") +
                      (a.effects.empty() ? "" : fmt::format(" ({} effect(s))", a.effects.size())));
  }
  for (const dt::InsteadSpec& x : d.instead) {  // docs/effects.md "Instead of the discard pile"
    static const char* kTo[] = {"to the discard pile", "to its owner's draw pile", "to its owner's hand", "under this card",
                                "back where it was", "onto a warrior of its warrior's area that may carry it"};
    effects.push_back(fmt::format("while in play, {}{}{} goes {} instead of being {}{}{}{}{}",
                                  x.reach == dt::InsteadSpec::Reach::Host ? "the card it is on"
                                  : x.any_player                          ? "any player's card it names"
                                                                          : "a card of yours it names",
                                  x.bearer_killed ? ", as its warrior is killed," : x.bearer_discarded ? ", as its warrior is discarded," : "",
                                  x.in_combat ? ", killed in a combat," : "",
                                  kTo[size_t(x.to)],
                                  x.discarded && x.annihilated ? "discarded or annihilated" : x.discarded ? "discarded" : "annihilated",
                                  x.may ? ", if its player wants, asked each time" : "",
                                  x.cost_d ? fmt::format(", for {} D", x.cost_d) : std::string(),
                                  x.not_own_use ? ", unless its own use discards it" : "",
                                  x.discard_self ? "; this card is then discarded" : ""));
  }
  if (d.sabotage) {  // docs/effects.md "Sabotage rules"
    const dt::SabotageRuleSpec& r = *d.sabotage;
    std::string t = "sabotages change";
    if (r.actions) t += fmt::format(": its warrior may sabotage as {} actions, its Tactical action among them", int(r.actions));
    if (r.despite_warriors) t += ", even while the player has warriors";
    if (r.points >= 0) t += fmt::format(", earning {} {}", int(r.points), r.p_only ? "P only" : "points");
    if (r.as_attack) t += " (an attack on the player, even with sabotage off)";
    if (r.defender)
      t += fmt::format("; sabotaged, its player may put a warrior of its hand into play for {} times its V in D to fight the saboteur{}",
                       int(r.defender_v_times), r.any_affiliation ? ", affiliations aside" : "");
    effects.push_back(t);
  }
  if (d.storage) {  // docs/effects.md "Cards kept under a card"
    const dt::StorageSpec& k = *d.storage;
    auto price = [](int n) { return n == 0 ? std::string("at any time, no action") : fmt::format("{} action(s)", n); };
    std::string t = "keeps cards under it, in play but inert" +
                    (k.capacity ? fmt::format(" ({} at most)", int(k.capacity)) : std::string()) +
                    (k.face_down ? ", face down" : "");
    if (k.from_hand >= 0) t += ", put in from hand: " + price(k.from_hand);
    if (k.from_warrior >= 0) t += ", off a warrior: " + price(k.from_warrior);
    if (k.to_warrior >= 0) t += ", given to a warrior: " + price(k.to_warrior);
    if (k.to_hand >= 0) t += ", back to hand: " + price(k.to_hand);
    if (k.discard_any_time) t += ", discarded at any time";
    t += k.released == dt::StorageSpec::Released::Annihilated ? "; they are annihilated with it"
         : k.released == dt::StorageSpec::Released::AsSent   ? "; they go where they were headed when it goes"
                                                              : "; they are discarded with it";
    effects.push_back(t);
  }
  if (d.holds)  // docs/effects.md "Carriers"
    effects.push_back(fmt::format("holds up to {} warrior(s) of its area aboard (one action to enter, {} to leave); "
                                  "discarded, those aboard are {}",
                                  int(d.holds->capacity), d.holds->leave_free ? "none" : "one",
                                  d.holds->lost == dt::HoldSpec::Lost::Killed ? "killed (points earned)" : "wounded (no points)"));
  if (d.holds && d.holds->boards_on_build) effects.push_back("built with one warrior of its area aboard, picked as it is built");
  if (d.holds && d.holds->swaps) effects.push_back("full, a warrior going aboard takes the place of the one aboard");
  if (d.several_attacks)  // docs/effects.md "Several attacks as one action"
    effects.push_back(fmt::format("{} attacks as one Attack action{}{}{}{}", int(d.several_attacks),
                                  d.several_attacks == 2 ? ", both named at once" : ", each named after the combat before it",
                                  d.combined_attack_bonus ? fmt::format("; some combined into one combat on one warrior, "
                                                                        "+{} F and S for each beyond the first",
                                                                        int(d.combined_attack_bonus))
                                                          : std::string(),
                                  d.attacks_different_defenders ? "; each on a different warrior" : "",
                                  d.attacks_carry_mods ? "; combat modifiers on its warrior carried into the next" : ""));
  if (d.first_encounter >= 0)  // docs/effects.md "First encounters"
    effects.push_back(fmt::format("its warrior's {} attackers first fight it (its own {}; it is never hurt), then make their "
                                  "attack if they live",
                                  d.first_encounter == int8_t(dt::Tactic::Fight) ? "Fight" : "Shoot",
                                  d.first_encounter == int8_t(dt::Tactic::Fight) ? "F" : "S"));
  if (d.max_in_play) effects.push_back(fmt::format("up to {} copies in play per player", int(d.max_in_play)));
  if (d.markers.loads) effects.push_back("used only while loaded (a marker on it); each combat it is used in takes one off");
  if (d.markers.cap) effects.push_back(fmt::format("never more than {} marker(s) on it", int(d.markers.cap)));
  if (!d.mods.empty()) effects.push_back(fmt::format("{} static modifier(s)", d.mods.size()));
  if (!d.abilities.empty()) effects.push_back(fmt::format("{} ability(ies) to use", d.abilities.size()));
  if (!d.triggers.empty()) effects.push_back(fmt::format("{} trigger(s)", d.triggers.size()));
  for (const dt::Trigger& t : d.triggers)  // docs/effects.md "Triggers on a combat's wound"
    if (t.when == dt::When::Wounds)
      effects.push_back(std::string("once a combat is over, on a warrior ") + (t.or_kills ? "wounded or killed" : "wounded (not killed)") +
                        (t.killer_survives ? " by one that survived it" : "") +
                        (t.target_killer ? ", acting on the one that struck" : "") + (t.optional ? " (its player may)" : ""));
  for (const dt::StaticMod& m : d.mods)  // docs/effects.md "Spell prices"
    if (m.spell_price) {
      const dt::SpellPrice& p = *m.spell_price;
      effects.push_back(std::string("spells") + (p.aspects ? " of some aspects" : "") + (p.target ? " on some warriors" : "") +
                        (p.in_combat ? " during a combat" : "") +
                        (p.price_times > 1 ? fmt::format(" cost {} times the D", int(p.price_times)) : "") +
                        (p.d_counts > 1 ? fmt::format(", each D counting as {}", int(p.d_counts)) : ""));
    }
  if (d.revoke_keywords) effects.push_back("its warrior loses some immunities while it is on it");
  if (d.gift.level != dt::GiftLevel::None)
    effects.push_back(d.gift.level == dt::GiftLevel::Major ? "major gift of " + d.gift.apostle
                      : d.gift.level == dt::GiftLevel::MinorHeretic ? std::string("minor heretic gift")
                                                                    : std::string("minor gift"));
  if (d.restricts == dt::VehicleRestricts::Weapons) effects.push_back("inside it, no weapons are used");
  if (d.restricts == dt::VehicleRestricts::Equipment) effects.push_back("inside it, no other equipment is used");
  if (d.warzone_in) {
    std::string where;
    for (dt::Area a : {dt::Area::Squad, dt::Area::Kohort, dt::Area::Outpost})
      if (d.warzone_in & dt::bit(a)) where += std::string(where.empty() ? "" : " or ") + std::string(dt::to_string(a));
    effects.push_back("established in the " + where + (d.warzone_defenders ? ", for some defenders only" : ""));
  }
  if (d.turn_rules) {
    const dt::TurnRules& r = *d.turn_rules;
    std::string t = r.every_player ? "every player's turns: " : "its player's turns: ";
    std::string parts;
    auto add = [&](const std::string& x) { parts += (parts.empty() ? "" : ", ") + x; };
    if (r.actions) add(fmt::format("{:+} action(s), never under one", int(r.actions)));
    if (r.extra_tacticals) add(fmt::format("{} extra Tactical action(s){}", int(r.extra_tacticals),
                                           r.bearer_only ? " by the warrior it is on" : ""));
    if (r.conversions)
      add((r.conversions < 0 ? std::string("any number of") : fmt::format("up to {}", int(r.conversions))) +
          " standard actions made Tactical" + (r.by ? " by some warriors" : "") +
          (r.conversion_cost_d ? fmt::format(", {} D each", r.conversion_cost_d) : ""));
    if (r.tactical_keeps_step) add("a Tactical action does not end the step");
    if (r.one_tactical) add("one Tactical action between Draw steps");
    effects.push_back(t + parts);
  }
  if (d.one_in_play == dt::OneInPlay::PerPlayer) effects.push_back("one copy in play per player");
  if (d.one_in_play == dt::OneInPlay::InGame) effects.push_back("one copy in play in the whole game");
  if (d.economy) {
    const dt::EconomyRules& r = *d.economy;
    std::string parts;
    auto add = [&](const std::string& x) { parts += (parts.empty() ? "" : ", ") + x; };
    if (r.meditate_d >= 0) add(fmt::format("a Meditate action yields {} D", int(r.meditate_d)));
    if (r.max_d > 0) add(fmt::format("no more than {} D kept", r.max_d));
    if (r.max_draw >= 0) add(fmt::format("at most {} card(s) drawn in a Draw step", int(r.max_draw)));
    if (r.d_per_draw) add(fmt::format("{} D for each card drawn", int(r.d_per_draw)));
    if (r.d_per_special) add(fmt::format("{} D more for each Special played", int(r.d_per_special)));
    if (r.d_per_p) add(fmt::format("{} D for each P earned, P not paid for lost", int(r.d_per_p)));
    if (r.shields_points) add("D and P changed by no other player's card");
    effects.push_back(std::string(r.every_player ? "every player: " : "its player: ") + parts);
  }
  for (const dt::AwardRule& r : d.award_rules) {
    std::string what = r.on == dt::Earning::Sabotages ? "sabotages" : r.on == dt::Earning::Any ? "earnings" : "kills";
    std::string parts;
    auto add = [&](const std::string& x) { parts += (parts.empty() ? "" : ", ") + x; };
    if (r.times) add(fmt::format("points x{}", int(r.times)));
    if (r.add) add(fmt::format("{:+} points", int(r.add)));
    if (r.destiny_only) add("D only");
    if (r.d_times) add(fmt::format("D taken x{}", int(r.d_times)));
    if (r.may_take_p) add("a FREELANCER may take P");
    effects.push_back("some " + what + " pay differently: " + parts);
  }
  if (d.handler != dt::HandlerId{}) effects.push_back("handled in C++: " + std::string(dt::handler_name(d.handler)));
  return effects;
}

// One card, both texts: `g` as the gEngine preset plays it, `p` as printed.
void print_card(const dt::CardDef& g, const dt::CardDef& p) {
  const dt::CardDef& d = g;
  fmt::print("{}\n", d.name);
  fmt::print("  code          {} ({}: {})\n", d.code, d.set, set_name(d.set));
  fmt::print("  type          {}\n", dt::to_string(d.type));
  fmt::print("  affiliation   {}\n", affiliations(d.affil));
  if (d.type == dt::CardType::Warrior)
    fmt::print("  ratings       F {}  S {}  A {}  V {}\n", rating(d.f), rating(d.s), int(d.a), int(d.v));
  if (d.type == dt::CardType::Beast || d.type == dt::CardType::Warzone)
    fmt::print("  modifiers     F {}  S {}  A {}  V {} ({})\n", rating(d.f), rating(d.s), int(d.a), int(d.v),
               d.type == dt::CardType::Beast ? "to its rider's base ratings" : "to the warrior defending from it");
  fmt::print("  deck limit    {}\n", int(d.deck_limit));
  fmt::print("  post-play     {}\n", post_play_name(d.post_play));
  if (!d.designations.empty()) {
    std::string des;
    for (const auto& x : d.designations) des += (des.empty() ? "" : ", ") + x;
    fmt::print("  designations  {}\n", des);
  }
  if (!d.grant_designations.empty()) {  // an attachment's designations for its bearer (SHELL SHOCKED)
    std::string des;
    for (const auto& x : d.grant_designations) des += (des.empty() ? "" : ", ") + x;
    fmt::print("  grants        {} (to the warrior it is on)\n", des);
  }
  if (!d.summary.empty()) fmt::print("  summary       {}\n", d.summary);
  if (!d.ruling.empty()) fmt::print("  ruling        {}\n", d.ruling);
  if (d.implemented) {
    fmt::print("  implemented   yes (gEngine and printed text)\n");
  } else {
    fmt::print("  implemented   no ({})\n", d.audit_pending ? "accepted in decks while its printed text awaits the audit"
                                                          : "refused in decks unless --allow-unimplemented");
    if (!g.missing.empty()) fmt::print("  missing       gEngine text: {}\n", g.missing);
    if (!p.missing.empty()) fmt::print("  missing       printed text: {}\n", p.missing);
  }
  for (const auto& e : effect_lines(g)) fmt::print("  effect        {}\n", e);
  if (!g.texts_differ) return;
  fmt::print("printed text (classic presets) differs:\n");
  if (p.type == dt::CardType::Warrior && (p.f != g.f || p.s != g.s || p.a != g.a || p.v != g.v))
    fmt::print("  ratings       F {}  S {}  A {}  V {}\n", rating(p.f), rating(p.s), int(p.a), int(p.v));
  if (p.designations != g.designations) {
    std::string des;
    for (const auto& x : p.designations) des += (des.empty() ? "" : ", ") + x;
    fmt::print("  designations  {}\n", des.empty() ? "(none)" : des);
  }
  if (p.summary != g.summary) fmt::print("  summary       {}\n", p.summary);
  for (const auto& e : effect_lines(p)) fmt::print("  effect        {}\n", e);
}

int list_cards(const dt::CardDb& db, const CardsOptions& opt) {
  if (!opt.set.empty()) {
    bool known = false;
    for (const auto& d : db.all()) known = known || d.set == opt.set;
    if (!known) {
      std::string sets;
      for (const auto& s : set_order(db)) sets += " " + s;
      fmt::print(stderr, "dtref cards: unknown set '{}' (sets:{})\n", opt.set, sets);
      return 2;
    }
  }
  std::optional<dt::CardType> type;
  if (!opt.type.empty()) {
    for (dt::CardType t : kTypes)
      if (lower(opt.type) == type_key(t) || lower(opt.type) == type_key(t) + "s") type = t;
    if (!type) {
      std::string types;
      for (dt::CardType t : kTypes) types += " " + type_key(t);
      fmt::print(stderr, "dtref cards: unknown type '{}' (types:{})\n", opt.type, types);
      return 2;
    }
  }
  int shown = 0;
  for (const auto& d : db.all()) {
    if (!opt.set.empty() && d.set != opt.set) continue;
    if (type && d.type != *type) continue;
    if (opt.implemented && !d.implemented) continue;
    if (opt.missing && d.implemented) continue;
    fmt::print("{:<6} {:<5} {:<13} {:<16} {}{}\n", d.code, d.set, dt::to_string(d.type), affiliations(d.affil), d.name,
               d.implemented ? "" : "  (not implemented)");
    ++shown;
  }
  std::fflush(stdout);  // the count follows the list, never inside a line of it
  fmt::print(stderr, "{} card(s)\n", shown);
  return 0;
}

int run_cards(const CardsOptions& opt) {
  if (opt.vocabulary) {
    fmt::print("{}", dt::vocabulary_markdown());
    return 0;
  }
  const dt::CardDb& db = dt::builtin_cards();
  if (opt.implemented && opt.missing) {
    fmt::print(stderr, "dtref cards: --implemented and --missing exclude each other; give one\n");
    return 2;
  }
  if (!opt.name.empty()) {
    std::string query;
    for (const auto& w : opt.name) query += (query.empty() ? "" : " ") + w;
    auto c = dt::lookup_card(query, db);
    if (!c) {
      std::string near = dt::nearest_card_name(query, db);
      fmt::print(stderr, "dtref cards: no card named or coded '{}'{}\n", query,
                 near.empty() ? "; `dtref cards --list` lists every card" : "; did you mean '" + near + "'?");
      return 2;
    }
    print_card(db[*c], db.text(dt::CardText::Printed)[*c]);
    return 0;
  }
  if (opt.list) return list_cards(db, opt);
  return print_coverage(db, opt.json);
}

struct DeckOptions {
  std::string deck;
  std::string rules = "gengine";
  bool allow_unimplemented = false;
  bool list = false;
};

// `dtref deck X`: load_deck_arg's verdict on X plus what the deck is made of.
int check_deck(const DeckOptions& opt) {
  const dt::CardDb& db = dt::builtin_cards();
  auto rules = dt::preset_by_name(opt.rules);
  if (!rules) {
    fmt::print(stderr, "dtref deck: unknown rules preset '{}' (known: {})\n", opt.rules, dt::preset_names_text());
    return 2;
  }
  dt::Deck deck;
  try {
    deck = dt::load_deck_arg(opt.deck, db, *rules, opt.allow_unimplemented);
  } catch (const std::exception& e) {
    fmt::print(stderr, "dtref deck: {}\n", e.what());
    return 1;
  }
  fmt::print("deck '{}'{}: {} cards, legal under the {} rules\n", deck.name,
             deck.title.empty() ? "" : " (" + deck.title + ")", deck.cards.size(), rules->name);
  std::map<dt::CardType, int> by_type;
  std::map<std::string, int> by_affil;
  int unimplemented = 0, pending = 0;
  for (uint16_t c : deck.cards) {
    ++by_type[db[c].type];
    if (db[c].type == dt::CardType::Warrior) ++by_affil[affiliations(db[c].affil)];
    unimplemented += db[c].implemented || db[c].audit_pending ? 0 : 1;
    pending += db[c].audit_pending ? 1 : 0;
  }
  std::string types, affils;
  for (dt::CardType t : kTypes)
    if (by_type.count(t)) types += fmt::format("{}{} {}", types.empty() ? "" : ", ", by_type[t], dt::to_string(t));
  for (const auto& [a, n] : by_affil) affils += fmt::format("{}{} {}", affils.empty() ? "" : ", ", n, a);
  fmt::print("  by type:     {}\n", types);
  if (!affils.empty()) fmt::print("  warriors:    {}\n", affils);
  if (unimplemented)
    fmt::print("  {} card(s) not implemented: they play only what of their text is expressed\n", unimplemented);
  if (pending)
    fmt::print("  {} card(s) whose printed text is not audited yet: they play their gEngine expression\n", pending);
  if (!deck.side_board.empty()) fmt::print("  side board:  {} cards\n", deck.side_board.size());
  if (opt.list) {
    // Merged per card, in the deck's order: a canonical deck list, then the side board.
    for (const bool side : {false, true}) {
      std::vector<std::pair<uint16_t, int>> merged;
      for (const dt::DeckEntry& e : deck.entries) {
        if (e.side != side) continue;
        auto it = std::find_if(merged.begin(), merged.end(), [&](const auto& m) { return m.first == e.def; });
        if (it == merged.end()) merged.push_back({e.def, e.count});
        else it->second += e.count;
      }
      if (side && !merged.empty()) fmt::print("Side Board\n");
      for (const auto& [c, n] : merged) fmt::print("{} {}\n", n, db[c].name);
    }
  }
  return 0;
}

}  // namespace

void add_cards_command(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<CardsOptions>();
  CLI::App* cmd = app.add_subcommand(
      "cards",
      "The built-in card database: how much of it the engine implements (--coverage, the "
      "default), a filtered card list (--list), or one card's facts (dtref cards SEA LION).");
  cmd->add_flag("--coverage", opt->coverage, "implemented/total cards by set and by type (the default)");
  cmd->add_flag("--json", opt->json,
                "with --coverage: one JSON object {\"sets\": {...}, \"types\": {...}, \"implemented\", \"total\"}");
  cmd->add_flag("--list", opt->list, "list cards: code, set, type, affiliation, name");
  cmd->add_flag("--vocabulary", opt->vocabulary,
                "the registry of designations, keywords, tags and handlers card files may name, as Markdown "
                "(docs/effects.md's list)");
  cmd->add_option("--set", opt->set, "with --list: only this set (unl, inq, wz, mort, gol, apo, pl, promo)");
  cmd->add_option("--type", opt->type, "with --list: only this card type (warrior, equipment, special, ...)");
  cmd->add_flag("--implemented", opt->implemented, "with --list: only cards the engine implements");
  cmd->add_flag("--missing", opt->missing, "with --list: only cards the engine does not implement yet");
  cmd->add_option("name", opt->name, "a card name (any case; quotes optional) or DoomtrooperDB code");
  cmd->callback([opt, &exit_code] { exit_code = run_cards(*opt); });
}

void add_deck_command(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<DeckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "deck",
      "Check a deck (a built-in name or a deck-list file, docs/decks.md) under a rules preset: "
      "prints its make-up when legal; else every problem with its line, exit 1.");
  cmd->add_option("deck", opt->deck, "a built-in deck name (" + dt::builtin_deck_names_text() + ") or a deck-list file")->required();
  cmd->add_option("--rules", opt->rules, "rules preset: " + dt::preset_names_text())->capture_default_str();
  cmd->add_flag("--allow-unimplemented", opt->allow_unimplemented, "accept cards the engine does not implement");
  cmd->add_flag("--list", opt->list, "also print the deck as a canonical list, one card per line");
  cmd->callback([opt, &exit_code] { exit_code = check_deck(*opt); });
}

}  // namespace dtref
