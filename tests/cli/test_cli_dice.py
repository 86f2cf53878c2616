"""`play --dice manual`: what a person types at a dice prompt is read one way only."""

from __future__ import annotations

from typer.testing import CliRunner

from magnates.cli.main import app

runner = CliRunner()


def test_a_bare_number_at_a_magnate_dice_prompt_is_refused_with_the_accepted_forms() -> None:
    """Magnate's first roll (who starts) takes 2d10: "5" names no roll, and is no place in a list."""
    result = runner.invoke(app, ["play", "magnate", "--dice", "manual", "--seed", "1"], input="5\n7 3\nquit\n")
    text = " ".join(result.output.split())
    assert "'5' is not a possible roll here: type the dice as they show (e.g. '10 10')" in text
    assert "#N for the Nth of 'list'" in text
    assert "Chance: roll 7 3" in text or "roll 7 3" in text
    assert "roll 3 2" not in text
