// Package rl makes paper.io a reinforcement-learning problem: observations
// of a game as a learner sees it (docs/OBSERVATION.md; Observe is their
// definition), a batched environment that steps many games at once against
// a built-in bot or in self-play, and a loader that turns a self-play
// dataset back into observations by replaying each game's start and
// actions. The Python package in python/paperio drives both through the
// shared library built from cmd/libpaperio.
package rl
