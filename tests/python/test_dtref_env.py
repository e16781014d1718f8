"""dtref.env against the agent-environment-cycle conventions (PettingZoo's AEC API),
with random agents that pick among the legal actions, for DTREF_ENV_GAMES games
(1,000 by default).

Run by ctest with build/python on PYTHONPATH.
"""
import os
import unittest

import numpy as np

import dtref
from dtref.env import MAX_ACTIONS, DoomtrooperEnv, env as make_env

GAMES = int(os.environ.get("DTREF_ENV_GAMES", "1000"))


def play(env, seed, check=None):
    """One episode with random legal actions; returns the rewards each agent was last shown."""
    env.reset(seed=seed)
    final = {}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if check:
            check(env, agent, obs, reward, termination, truncation, info)
        if termination or truncation:
            final[agent] = reward
            env.step(None)
        else:
            env.step(env.action_space(agent).sample(obs["action_mask"]))
    return final


class Conventions(unittest.TestCase):
    def test_reset_sets_every_attribute(self):
        env = make_env()
        self.assertEqual(env.possible_agents, ["player_0", "player_1"])
        env.reset(seed=3)
        self.assertEqual(env.agents, env.possible_agents)
        self.assertEqual(env.num_agents, 2)
        self.assertEqual(env.max_num_agents, 2)
        self.assertIn(env.agent_selection, env.agents)
        for d in (env.rewards, env._cumulative_rewards, env.terminations, env.truncations, env.infos):
            self.assertEqual(sorted(d), env.agents)
        self.assertFalse(any(env.terminations.values()) or any(env.truncations.values()))
        self.assertEqual(set(env.rewards.values()), {0})
        # The first decision is the Cardinal's Gift of the seat that does not start.
        self.assertEqual(env.infos[env.agent_selection]["options"], ["keep", "gift"])

    def test_observations_fit_their_spaces_and_masks_mark_the_legal_options(self):
        env = DoomtrooperEnv()
        size = dtref.feature_size(2)

        def check(env, agent, obs, reward, termination, truncation, info):
            self.assertEqual(obs["observation"].shape, (size,))
            self.assertEqual(obs["observation"].dtype, np.float32)
            self.assertEqual(obs["action_mask"].shape, (MAX_ACTIONS,))
            self.assertEqual(obs["action_mask"].dtype, np.int8)
            self.assertTrue(env.observation_space(agent).contains(obs))
            if termination or truncation:
                self.assertEqual(int(obs["action_mask"].sum()), 0)
                return
            self.assertEqual(int(obs["action_mask"].sum()), len(info["options"]))
            self.assertEqual(info["options"], env.state().options()[:MAX_ACTIONS])
            # The agents not deciding may not act.
            for other in env.agents:
                if other != agent:
                    self.assertEqual(int(env.observe(other)["action_mask"].sum()), 0)

        for seed in range(3):
            play(env, seed, check)

    def test_an_illegal_action_is_refused_and_changes_nothing(self):
        env = DoomtrooperEnv()
        env.reset(seed=4)
        agent = env.agent_selection
        before = env.state().state_hash()
        n = len(env.infos[agent]["options"])
        for bad in (n, -1, MAX_ACTIONS, None):
            with self.assertRaises(ValueError):
                env.step(bad)
        self.assertEqual(env.state().state_hash(), before)
        self.assertEqual(env.agent_selection, agent)

    def test_a_finished_agent_takes_only_none_and_then_leaves(self):
        env = DoomtrooperEnv()
        env.reset(seed=5)
        while not any(env.terminations.values()):
            obs = env.observe(env.agent_selection)
            env.step(env.action_space(env.agent_selection).sample(obs["action_mask"]))
        self.assertTrue(all(env.terminations.values()))
        with self.assertRaises(ValueError):
            env.step(0)
        first = env.agent_selection
        env.step(None)
        self.assertNotIn(first, env.agents)
        self.assertNotIn(first, env.rewards)
        env.step(None)
        self.assertEqual(env.agents, [])
        self.assertEqual(list(env.agent_iter()), [])

    def test_truncation_after_max_decisions(self):
        env = DoomtrooperEnv(max_decisions=10)
        env.reset(seed=6)
        steps = 0
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                self.assertTrue(truncation and not termination)
                self.assertEqual(reward, 0)
                env.step(None)
            else:
                steps += 1
                env.step(env.action_space(agent).sample(obs["action_mask"]))
        self.assertEqual(steps, 10)

    def test_the_same_seed_plays_the_same_episode(self):
        def trace(seed):
            env = DoomtrooperEnv()
            out = []
            play(env, seed, lambda e, a, o, r, te, tr, i: out.append((a, o["observation"].tobytes(), r)))
            return out
        self.assertEqual(trace(9), trace(9))
        self.assertNotEqual(trace(9), trace(10))

    def test_the_observation_shows_nothing_of_the_other_hand(self):
        # Two games that differ only in the opponent's hidden cards look the same to player_0.
        env = DoomtrooperEnv()
        env.reset(seed=11)
        g = env.state()
        world = g.determinize(0, seed=1)
        self.assertNotEqual(world.state_hash(), g.state_hash())
        self.assertTrue(np.array_equal(world.features(0), g.features(0)))

    def test_render_and_close(self):
        env = DoomtrooperEnv(render_mode="ansi")
        env.reset(seed=1)
        self.assertIn("decides among 2 options", env.render())
        env.close()


class RandomAgents(unittest.TestCase):
    def test_random_agents_play_many_games_to_a_consistent_end(self):
        env = DoomtrooperEnv()
        outcomes = {"win": 0, "draw": 0}
        most_options = 0

        def check(env, agent, obs, reward, termination, truncation, info):
            nonlocal most_options
            if not (termination or truncation):
                most_options = max(most_options, len(info["options"]))

        for seed in range(GAMES):
            final = play(env, 1000 + seed, check)
            game = env.state()
            self.assertTrue(game.over, "seed %d" % seed)
            self.assertEqual(env.agents, [])
            self.assertEqual(sorted(final), ["player_0", "player_1"])
            if game.winner >= 0:
                outcomes["win"] += 1
                self.assertEqual(final["player_%d" % game.winner], 1, "seed %d" % seed)
                self.assertEqual(sum(final.values()), 2 - len(final), "seed %d" % seed)
            else:
                outcomes["draw"] += 1
                self.assertEqual(set(final.values()), {0}, "seed %d" % seed)
        self.assertGreater(outcomes["win"], GAMES // 2)
        # Never more options than the action space holds (the cut would lose moves).
        self.assertLessEqual(most_options, MAX_ACTIONS)
        print("%d games: %s; at most %d legal options at once" % (GAMES, outcomes, most_options))


if __name__ == "__main__":
    unittest.main(verbosity=2)
