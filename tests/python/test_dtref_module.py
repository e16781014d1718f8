"""The Python module dtref (python/dtref_module.cpp), as a Python user calls it.

Run by ctest with the module's folder (build/python) on PYTHONPATH.
"""
import copy
import os
import random
import re
import sys
import unittest

import dtref

DOCS = os.environ.get("DTREF_DOCS_DIR", "")


def play_to(game, decisions, seed=1):
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.over:
            break
        game.apply(rng.randrange(len(game.options())))


class GameTest(unittest.TestCase):
    def test_a_new_game_waits_for_the_cardinals_gift(self):
        g = dtref.new_game(["corporate", "legion"], seed=3)
        self.assertEqual(g.seats, 2)
        self.assertFalse(g.over)
        self.assertEqual(g.options(), ["keep", "gift"])
        self.assertEqual(g.events()[0]["kind"], "game_start")
        self.assertEqual(g.scores, [(0, 5), (0, 5)])

    def test_apply_by_index_and_by_text_play_the_same_game(self):
        a, b = dtref.Game(seed=5), dtref.Game(seed=5)
        rng = random.Random(2)
        for _ in range(60):
            opts = a.options()
            k = rng.randrange(len(opts))
            a.apply(k)
            b.apply(opts[k].upper())  # texts are read without regard to case
            self.assertEqual(a.state_hash(), b.state_hash())
        with self.assertRaises(IndexError):
            a.apply(len(a.options()))
        with self.assertRaises(ValueError):
            a.apply("attack c999 c998 fight")

    def test_a_clone_is_independent(self):
        g = dtref.Game(seed=7)
        play_to(g, 30)
        c, d = g.clone(), copy.deepcopy(g)
        h = g.state_hash()
        play_to(c, 40, seed=9)
        self.assertEqual(g.state_hash(), h)
        self.assertEqual(d.state_hash(), h)
        self.assertNotEqual(c.state_hash(), h)

    def test_an_observation_shows_only_the_seats_own_hand(self):
        g = dtref.Game(seed=4)
        play_to(g, 25)
        for seat in (0, 1):
            o = g.observation(seat)
            self.assertEqual(o["viewer"], seat)
            mine, theirs = o["seats"][seat], o["seats"][1 - seat]
            self.assertEqual(len(mine["hand"]), mine["hand_count"])
            self.assertEqual(theirs["hand"], [])
            self.assertGreater(theirs["hand_count"], 0)

    def test_events_are_told_to_each_seat_as_it_may_see_them(self):
        g = dtref.Game(seed=11)
        rng = random.Random(4)
        seen_hidden = False
        while not g.over and not seen_hidden:
            g.apply(rng.randrange(len(g.options())))
            for omni, s0, s1 in zip(g.events(-1), g.events(0), g.events(1)):
                if omni["kind"] == "discard":
                    owner = omni["seat"]
                    other = s1 if owner == 0 else s0
                    own = s0 if owner == 0 else s1
                    self.assertRegex(own["text"], r"discards .+ \(c\d+\)")
                    self.assertRegex(other["text"], r"discards c\d+$")
                    seen_hidden = True
        self.assertTrue(seen_hidden, "no discard to look at")

    def test_a_whole_game_ends_with_a_winner_or_a_draw(self):
        g = dtref.Game(["capitol", "algeroth"], seed=2)
        winner = g.rollout(seed=3)
        self.assertTrue(g.over)
        self.assertEqual(winner, g.winner)
        self.assertIn(g.end_reason, ("promotion_target", "decks_exhausted", "no_warriors", "turn_limit"))
        with self.assertRaises(ValueError):
            g.apply(0)

    def test_bad_arguments_say_what_is_wrong(self):
        with self.assertRaisesRegex(ValueError, "unknown rules preset"):
            dtref.Game(rules="third-edition")
        with self.assertRaisesRegex(ValueError, "nosuchdeck"):
            dtref.Game(["nosuchdeck", "legion"])
        with self.assertRaises(IndexError):
            dtref.Game().observation(5)


class FromStateTest(unittest.TestCase):
    def test_the_state_a_request_carries_rebuilds_the_position(self):
        for seed in (2, 5, 9):
            g = dtref.Game(["corporate", "legion"], seed=seed)
            play_to(g, 30 + seed * 7, seed=seed)
            if g.over:
                continue
            seat = g.deciding
            h = dtref.Game.from_state(g.state_text(seat), ["corporate", "legion"], seed=1)
            self.assertEqual(h.options(), g.options())
            self.assertEqual(h.observation(seat), g.observation(seat))
            self.assertEqual(h.deciding, seat)
            # It searches like any game: samples agree with what the seat saw, and play on.
            w = h.determinize(seat, seed=3)
            self.assertEqual(w.observation(seat), g.observation(seat))
            w.rollout(seed=4)
            self.assertTrue(w.over)
            # The protocol's own deck entries do as well as deck names.
            entries = [{"count": 60, "code": "01273", "name": "SEA LION"}]
            self.assertEqual(dtref.Game.from_state(g.state_text(seat), [entries]).options(), g.options())
        with self.assertRaisesRegex(ValueError, "cannot read the state text"):
            dtref.Game.from_state("nonsense", ["corporate"])

    def test_rollout_plays_the_game_it_is_called_on(self):
        g = dtref.Game(seed=12)
        c = g.clone()
        c.rollout(seed=1)
        self.assertTrue(c.over)
        self.assertFalse(g.over)

    def test_deck_errors_name_the_python_keyword(self):
        dtref_bin = os.environ.get("DTREF_BIN")
        if not dtref_bin:
            self.skipTest("DTREF_BIN not set")
        import subprocess, tempfile
        listed = subprocess.run([dtref_bin, "cards", "--list", "--missing"], capture_output=True, text=True).stdout
        codes = [l.split()[0] for l in listed.splitlines() if l.strip()]
        if not codes:
            self.skipTest("every card is implemented")
        with tempfile.NamedTemporaryFile("w", suffix=".deck", delete=False) as f:
            f.write("1 %s\n" % codes[0])
        try:
            with self.assertRaises(ValueError) as e:
                dtref.Game([f.name, "legion"])
            self.assertIn("allow_unimplemented=True", str(e.exception))
            self.assertNotIn("--allow-unimplemented", str(e.exception))
        finally:
            os.unlink(f.name)


class DeterminizeTest(unittest.TestCase):
    def test_a_thousand_samples_never_contradict_the_seats_observation(self):
        samples = 0
        for seed in range(1, 80):
            g = dtref.Game(seed=seed, rules="second-edition" if seed % 3 == 0 else "gengine")
            rng = random.Random(seed)
            while not g.over and samples < 1000:
                for seat in (0, 1):
                    d = g.determinize(seat, seed=samples)
                    samples += 1
                    self.assertEqual(d.observation(seat), g.observation(seat))
                    if g.deciding == seat:
                        self.assertEqual(d.options(), g.options())
                    self.assertEqual(d.known_cards(seat), g.known_cards(seat))
                for _ in range(rng.randrange(5, 25)):
                    if not g.over:
                        g.apply(rng.randrange(len(g.options())))
            if samples >= 1000:
                break
        self.assertGreaterEqual(samples, 1000)

    def test_what_the_seat_cannot_know_is_drawn_afresh(self):
        g = dtref.Game(seed=8)
        play_to(g, 40)
        seat = g.deciding
        hashes = {g.determinize(seat, seed=i).state_hash() for i in range(20)}
        self.assertGreater(len(hashes), 15)
        # The same seed draws the same state.
        self.assertEqual(g.determinize(seat, 3).state_hash(), g.determinize(seat, 3).state_hash())
        # A sample plays on like any game.
        d = g.determinize(seat, 1)
        d.rollout(seed=2)
        self.assertTrue(d.over)


class LibraryDocTest(unittest.TestCase):
    def test_the_search_example_in_the_docs_runs(self):
        if not DOCS:
            self.skipTest("DTREF_DOCS_DIR not set")
        with open(os.path.join(DOCS, "library.md"), encoding="utf-8") as f:
            text = f.read()
        code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
        self.assertLessEqual(len(code.strip().splitlines()), 25, "the example is meant to stay short")
        scope = {"__name__": "library_example"}
        exec(compile(code, "library.md", "exec"), scope)
        g = dtref.Game(seed=6)
        play_to(g, 20)
        k = scope["choose"](g, g.deciding, playouts=8)
        self.assertIn(k, range(len(g.options())))
        # examples/python-search plays this very function in refereed matches.
        example = os.path.join(DOCS, "..", "examples", "python-search", "bot.py")
        with open(example, encoding="utf-8") as f:
            bot = f.read()
        choose = re.search(r"(def choose\(.*?)\n\nif __name__", code, re.S).group(1).strip()
        self.assertIn(choose, bot, "the example bot runs the search of the docs unchanged")


if __name__ == "__main__":
    unittest.main(verbosity=2)
