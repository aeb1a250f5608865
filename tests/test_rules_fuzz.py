"""A rules file from a stranger (issue 25): values of every key replaced by wrong ones (other
types, names the rules lack, expressions that fail) give one `Error:` or a valid game, never
a traceback; what validates also simulates."""

import random
import re
import shutil

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.scaffold import new_game

JUNK = ['""', '0', '-1', '99999999999', 'true', '[]', '{}', '"me"', '"box"', '"each"',
        '"card.title"', '"1/0"', '"me.hand // 0"', '"[1, 2] | max"', '"{{"', '"turn"', '[1]',
        '"hidden"', '3.5', '"me.coins * 1e308"', '"options.nothing"', '-1000000']


@pytest.mark.parametrize("template", ["market", "trick-taking"])
def test_wrong_values_anywhere_give_one_error_or_a_game(tmp_path, template):
    base = new_game("base", tmp_path, template)
    lines = (base / "rules.toml").read_text().splitlines()
    rng = random.Random(template)
    runner = CliRunner()
    tried = set()
    for trial in range(25):
        changed = list(lines)
        for _ in range(rng.randint(1, 2)):
            i = rng.randrange(len(changed))
            m = re.match(r'^(\s*[\w\[\]."]+\s*=\s*)(.*)$', changed[i])
            quoted = re.search(r'"[^"]*"', changed[i])
            if m:
                changed[i] = m.group(1) + rng.choice(JUNK)
            elif quoted:
                changed[i] = changed[i][:quoted.start()] + rng.choice(JUNK) + \
                    changed[i][quoted.end():]
        if "\n".join(changed) in tried:
            continue            # a draw that changed nothing (a blank line) or one tried before
        tried.add("\n".join(changed))
        folder = tmp_path / f"t{trial}"
        shutil.copytree(base, folder)
        (folder / "rules.toml").write_text("\n".join(changed))
        res = runner.invoke(main, ["validate", "--game", str(folder)])
        said = [(a, b) for a, b in zip(lines, changed) if a != b]
        assert res.exit_code in (0, 2, 3) and "bug in pnp" not in res.output, (said, res.output)
        if res.exit_code == 0:
            res = runner.invoke(main, ["simulate", "--game", str(folder), "--games", "3",
                                       "--jobs", "1"])
            assert "bug in pnp" not in res.output, (said, res.output)
        else:
            errors = [line for line in res.output.splitlines() if line.startswith("Error:")]
            assert len(errors) == 1, (said, res.output)
