"""A game's rules as data: `rules.toml` (or `[rules]` in game.toml) read into a Game/State like
the Python engines, so a designer's game simulates, balances and plays with no Python written.

* expr.py -- conditions and amounts: the layouts' sandboxed expression language, compiled once
* spec.py -- the vocabulary: every table and key of a rules file, read and checked
* engine.py -- the Game and State that play a loaded rules file
* verbs.py -- what each effect verb does to a state
* booklet.py -- the rules in plain sentences ("How to play")
* load.py -- finding a folder's rules, and validate's checks of them (random playouts)
* ending.py -- an [[end]] or round end that can never hold, found before any game
* direct.py -- simple expressions as plain Python functions (no Jinja2 per call)
"""
