#!/usr/bin/env python3
"""Which missing effect templates block the base-set cards not implemented yet.

Reads the card facts (cards/unl.txtpb, for the implemented flag) and the
reference card texts (a DoomtrooperDB card JSON, given as an argument; only
used to classify, nothing is copied), puts each unimplemented card under the
first template below whose cue its text matches, and prints a Markdown table.

  /usr/bin/python3 tools/effect_blockers.py ../shared/reference/doomtrooperdb/cards/unl.json
"""
import json
import re
import sys
from collections import OrderedDict

# (template, regex cues on the upper-cased printed + clarified text), first match wins.
TEMPLATES = [
    ("mission assignment and completion", r"^ASSIGN TO|MISSION"),
    ("reaction windows (after a kill, a play, points earned)", r"IMMEDIATELY AFTER|PLAY AFTER|PLAY WHEN|JUST-PLAYED|JUST PLAYED"),
    ("turn structure (extra turns/actions, skipped turns, start/end of turn)", r"EXTRA (ACTION|ATTACK)|ANOTHER TURN|MISSES HIS|BEGINNING OF YOUR TURN|END OF YOUR TURN|ONE LESS ACTION|ATTACK TWICE|NON-ATTACK ACTIONS|DRAW STEP"),
    ("lasting effects until a later turn", r"UNTIL THE BEGINNING|UNTIL THE BEGINING|UNTIL BEGINNING|FOR THE REST OF THE GAME|FOR THE REMAINDER|NEXT TURN|EACH TURN"),
    ("change attacker / defender / forced attacks", r"CHANGE THE (DEFENDER|ATTACKER)|CHANGE THE ATTACKER|MUST ATTACK|MAY ONLY ATTACK|ATTACKER FOR THIS|TO ATTACK A|BOAST|CANNOT ATTACK|MAY NOT BE ATTACKED|MAY NOT ATTACK"),
    ("hidden information and card choice from piles or hands", r"LOOK AT|SEARCH|DISCARD PILE|EXAMINE|QUESTION|IN HIS OR HER HAND|OPPONENT'S HAND|FROM YOUR HAND|DRAW 1 EXTRA|ATTACK PLANS"),
    ("kill and wound triggers, cards from the collection", r"KILLS|KILLED|FROM YOUR COLLECTION|RAISE THE DEAD|EARNS? AN ADDITIONAL|HEAL"),
    ("several warriors in one combat (reinforcements, teams, joining)", r"REINFORCE|ASSIST|JOIN|ADD THEIR|ADDED TOGETHER|TWO OPPONENTS|TWO TARGETS"),
    ("damage points against A (area attacks)", r"POINT OF DAMAGE|POINT DAMAGE|POINTS? OF DAMAGE|TAKES 1"),
    ("choices among D spent, costs paid by other cards", r"FOR EVERY|SPEND|SPENT|PAY"),
    ("attachment rules (grafting, transfer, never discarded)", r"ATTACH|GRAFT|TRANSFER|NEVER BE DISCARDED|MAY NEVER|EQUIPPED WITH|VEHICLE|ENTER AND EXIT"),
    ("markers and counters", r"MARKER"),
    ("membership loss and affiliation changes", r"MEMBERSHIP|HERETIC|NOT A DOOMTROOPER|LOSE CARTEL"),
]
OTHER = "unique text (a registered handler)"

# Base-set cards classified by hand (read and judged one by one); the cues above
# only sort cards this list does not name.
T = {
    "collection": "kill triggers that convert the victim or bring cards from the collection",
    "reaction": "reaction windows (interrupting a kill, cancelling a card, after a muster or a mission)",
    "turn": "turn structure (extra actions, attacks or turns, skipped turns, hand limits)",
    "lasting": "lasting effects on other warriors or players until a later turn, upkeep costs",
    "attack": "forced, forbidden or redirected attacks",
    "hidden": "hidden information and choosing cards from hands, piles or the collection",
    "multi": "several warriors in one combat, several attacks in one action",
    "damage": "damage points against A (area effects)",
    "artcost": "Art and gift cost rules (D worth double, casting fees, cheaper spells)",
    "choice": "choices between alternative effects or rewards (also the opponent's pay-or-suffer)",
    "markers": "markers and counters",
    "equipment": "equipment rules (never discarded, grafting, transfers, weapon-type boosts, escapes)",
    "membership": "membership loss, restoration or fees for corporate cards",
    "mission": "missions with chosen targets, conditions held over a turn, or completion outside combat",
    "personal": "muster restrictions and personal attack rules",
    "other": OTHER,
}
BY_CODE = {
    "01002": "membership", "01005": "artcost", "01007": "hidden", "01010": "mission", "01011": "artcost",
    "01012": "equipment", "01013": "markers", "01016": "other", "01019": "artcost", "01023": "attack",
    "01026": "turn", "01027": "turn", "01028": "reaction", "01034": "attack", "01052": "attack",
    "01055": "attack", "01058": "choice", "01067": "mission", "01072": "other", "01079": "hidden",
    "01083": "hidden", "01090": "equipment", "01095": "hidden", "01102": "mission",
    "01103": "attack", "01106": "membership", "01107": "membership", "01108": "membership",
    "01109": "membership", "01110": "membership", "01112": "choice", "01113": "choice", "01114": "choice",
    "01115": "choice", "01116": "choice", "01118": "choice", "01119": "membership", "01120": "choice",
    "01127": "mission", "01129": "damage", "01133": "turn", "01139": "choice",
    "01140": "lasting", "01141": "hidden", "01143": "hidden", "01145": "hidden", "01147": "attack",
    "01166": "mission", "01168": "turn", "01172": "mission", "01173": "turn", "01175": "membership",
    "01177": "markers", "01178": "attack", "01180": "hidden", "01182": "artcost", "01187": "personal",
    "01189": "hidden", "01198": "turn", "01203": "choice", "01206": "choice", "01207": "reaction",
    "01210": "equipment", "01213": "reaction", "01216": "hidden", "01218": "choice", "01220": "artcost",
    "01222": "collection", "01223": "collection", "01224": "multi", "01227": "personal", "01229": "other",
    "01232": "mission", "01233": "collection", "01236": "collection", "01242": "artcost", "01243": "mission", "01244": "reaction", "01247": "equipment", "01248": "attack",
    "01252": "multi", "01253": "membership", "01256": "artcost", "01258": "choice", "01260": "artcost",
    "01264": "personal", "01265": "turn", "01266": "choice", "01271": "damage", "01275": "lasting",
    "01276": "mission", "01282": "collection", "01283": "lasting", "01284": "mission", "01285": "lasting",
    "01288": "mission", "01293": "reaction", "01294": "membership", "01296": "lasting", "01298": "attack",
    "01304": "reaction", "01307": "artcost", "01312": "attack", "01313": "equipment",
    "01319": "equipment", "01320": "multi", "01321": "markers", "01323": "collection", "01324": "multi",
    "01325": "hidden", "01327": "equipment", "01329": "choice", "01330": "other", "01332": "equipment",
    "01335": "mission", "01337": "damage",
}


def implemented_codes(path):
    text = open(path, encoding="utf-8").read()
    out = set()
    for block in re.findall(r"card \{\n(.*?)\n\}", text, re.S):
        if "implemented: true" in block:
            out.add(re.search(r'code: "(\d+)"', block).group(1))
    return out


def main():
    cards = json.load(open(sys.argv[1], encoding="utf-8"))
    done = implemented_codes(sys.argv[2] if len(sys.argv) > 2 else "cards/unl.txtpb")
    groups = OrderedDict((name, []) for name in T.values())
    for name, _ in TEMPLATES:
        groups.setdefault(name, [])
    groups.setdefault(OTHER, [])
    for c in cards:
        if c["code"] in done:
            continue
        if c["code"] in BY_CODE:
            groups[T[BY_CODE[c["code"]]]].append(c)
            continue
        text = " ".join(x for x in (c.get("text"), c.get("clarification_text")) if x).upper()
        if c["type_code"] == "mission":
            groups[TEMPLATES[0][0]].append(c)
            continue
        for name, cue in TEMPLATES:
            if re.search(cue, text):
                groups[name].append(c)
                break
        else:
            groups[OTHER].append(c)
    left = sum(len(v) for v in groups.values())
    print(f"Base set: {len(cards) - left} of {len(cards)} implemented; {left} left.\n")
    print("| missing template | cards blocked | by type | examples |")
    print("|---|---:|---|---|")
    for name, cs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        if not cs:
            continue
        types = {}
        for c in cs:
            types[c["type_code"]] = types.get(c["type_code"], 0) + 1
        by_type = ", ".join(f"{t} {n}" for t, n in sorted(types.items(), key=lambda x: -x[1]))
        examples = ", ".join(c["name"] for c in cs[:4])
        print(f"| {name} | {len(cs)} | {by_type} | {examples} |")


if __name__ == "__main__":
    main()
