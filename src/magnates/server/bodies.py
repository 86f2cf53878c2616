"""What the HTTP API accepts: strict request bodies (a wrong type or size is a 422 naming the field).

JSON numbers must be numbers (`Strict`), texts are length-capped before anything reads them, and
the service checks what only it can (a name's length once control characters are out, a chat
message once trimmed, a bot's name for this game).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, Strict, model_validator

from magnates.server.chat import MAX_CHAT
from magnates.server.clock import MAX_TURN_SECONDS
from magnates.server.moves import MAX_ACTION_TEXT
from magnates.server.seats import MAX_NAME

NonNegative = Annotated[int, Strict(), Field(ge=0)]
ActionValue = (
    Annotated[int, Strict(), Field(ge=0, description="an id from `legal` (a JSON number, 0 up)")]
    | Annotated[str, Field(max_length=MAX_ACTION_TEXT, description="the action's text, as `legal` writes it")]
    | dict[str, Any]
)
Name = Annotated[str, Field(max_length=MAX_NAME * 2)]  # control characters are taken out, then MAX_NAME holds


class SeatSpec(BaseModel):
    kind: Literal["person", "bot"] = Field("person", description="'person' (gets a join link) or 'bot'")
    bot: Annotated[str, Field(max_length=64)] | None = Field(
        None, description="the bot's name for a bot seat, e.g. 'random' or 'greedy'"
    )
    name: Name | None = Field(None, description=f"the player's name (plain text, at most {MAX_NAME} characters)")
    open: Annotated[bool, Strict()] = Field(
        False, description="a person's seat anyone may take from the lobby (no link is made for it now)"
    )
    thinking: Annotated[
        str | None,
        Field(description="a search bot's thinking time a move: 'quick', 'normal' (its default), 'long', 'very long'"),
    ] = None


class NewGame(BaseModel):
    game: Annotated[str, Field(max_length=64)]
    options: dict[str, Any] = Field(default_factory=dict, description="NAME: value, in the option's own JSON type")
    seats: Annotated[list[SeatSpec], Field(max_length=16)] | None = Field(
        None, description="one per seat; default: every seat a person"
    )
    turn_seconds: Annotated[int, Strict(), Field(ge=0, le=MAX_TURN_SECONDS)] = Field(
        0, description="seconds a person has for each decision (0: no clock; else 10 to 1209600, two weeks)"
    )
    timeout_bot: Annotated[str, Field(max_length=64)] | None = Field(
        None, description="the bot level that moves for a person whose time ran out (default 'greedy')"
    )
    bank_seconds: Annotated[int, Strict(), Field(ge=0)] = Field(
        0, description="instead of turn_seconds: each person's time for the whole game (60 to 5184000, 60 days)"
    )
    on_timeout: Literal["bot", "forfeit"] = Field(
        "bot", description="when a person's time runs out: the timeout bot moves for them, or they forfeit the game"
    )
    rated: Annotated[bool, Strict()] = Field(
        False, description="rate this game with its bots too (games between signed-in people only are always rated)"
    )


class TakeSeat(BaseModel):
    name: Name | None = Field(None, description=f"your name at the table (plain text, at most {MAX_NAME} characters)")


class ChatRequest(BaseModel):
    text: Annotated[str, Field(max_length=MAX_CHAT * 4)] = Field(
        description=f"what you say (plain text, 1 to {MAX_CHAT} characters once trimmed)"
    )


class Describe(BaseModel):
    game: Annotated[str, Field(max_length=64)]
    options: dict[str, Any] = Field(default_factory=dict)


class SecretsInHeaders(BaseModel):
    """A body that once carried the seat's secret as `token`: that field is gone (a secret in a body
    ends up in logs and proxies' traces), and a body that still sends it is refused, saying where the
    secret goes, rather than played as a spectator's."""

    @model_validator(mode="before")
    @classmethod
    def _no_token(cls, data: Any) -> Any:
        if isinstance(data, dict) and "token" in data:
            raise ValueError("the seat's secret goes in the header `Authorization: Bearer <secret>`, not in the body")
        return data


class ActionRequest(SecretsInHeaders):
    action: ActionValue = Field(description="an action id from `legal` (0 up), its text or its JSON form")
    step: NonNegative = Field(
        description="the `step` of the state you decided on: a stale step is refused (409 with the current step); "
        "the same move sent again for the same step answers as the first time and is applied once"
    )


class UndoRequest(SecretsInHeaders):
    step: NonNegative | None = Field(None, description="the step you saw; a repeated undo is then refused")


class RollRequest(BaseModel):
    options: dict[str, Any] = Field(default_factory=dict, description="Magnate options, as for a game")
    dice: Annotated[list[Annotated[int, Strict(), Field(ge=0, le=10)]], Field(max_length=2)] | None = Field(
        None, description="two d10 rolled at the table (0 reads as 10); none: roll here"
    )
    tax_dice: Annotated[list[Annotated[int, Strict(), Field(ge=1, le=6)]], Field(max_length=4)] | None = Field(
        None, description="the taxation d6 rolled after a 1, if any"
    )
