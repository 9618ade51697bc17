"""The words of a game, at the terminal and in the browser alike: the game's own
(`cli/locales/<lang>/play.ftl`) over the ruleset's (cards, countries, decisions, options, refusals, end
reasons), in the player's language, and the names of things in every language for reading what the player
types; and the game's own words alone (GameWords), for what is said before a ruleset is read (a save that
cannot be used, the language and the rules to choose)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from twilight.cli.localizer import LANGUAGES, Localizer, readable, ruleset_folders
from twilight.common.input_bounds import clip
from twilight.runtime.core.sides import SIDES

# The ruleset's title: a game's heading names the ruleset by it, else by its name (`PlayText.game_title`).
TITLE_WORD = "ruleset-title"

# The program's own locale folder: cli/locales/<lang>/*.ftl (shared by every ruleset).
APP_FOLDER = Path(__file__).resolve().parent.parent
# Grammatical forms a language may give a name (`.gen`, `.in`…): passed to messages as `$country_gen`,
# `$country_in`…; a language without them gets the plain name.
CASES = ("gen", "ins", "in", "to")


# Below Fluent's limit on one variable's text (2,500 characters), above anything a screen line holds.
PLACEABLE_CHARS = 2000


def bounded(args: dict[str, Any]) -> dict[str, Any]:
    """A message's variables with each text cut to a line: Fluent shows a whole message as `{???}` when
    one variable is longer than 2,500 characters (a pasted line, a path given on the command line)."""
    return {k: clip(v, PLACEABLE_CHARS) if isinstance(v, str) else v for k, v in args.items()}


class GameWords:
    """The game's own words (cli/locales) alone, for what is said before a ruleset is loaded."""

    def __init__(self, lang: str) -> None:
        self.loc = Localizer.for_folders([APP_FOLDER], lang)

    def t(self, msg_id: str, **args: Any) -> str:
        got = self.loc.get(msg_id, **bounded(args))
        return msg_id if got is None else got


class Words(Protocol):
    """What words a question before the game needs: the game's own, or the ruleset's too."""

    def t(self, msg_id: str, **args: Any) -> str: ...


def play_folders(ruleset: str) -> list[Path]:
    return [APP_FOLDER, *ruleset_folders(ruleset)]


class PlayText:
    """Formats the player's messages and names; `t` never fails (a missing message shows its id, which
    `twilight i18n check` reports before a player can meet it)."""

    def __init__(self, ruleset: str, lang: str, ir: dict[str, Any]) -> None:
        self.lang = lang
        self.ir = ir
        folders = play_folders(ruleset)
        self.loc = Localizer.for_folders(folders, lang)
        self.all_langs = {code: Localizer.for_folders(folders, code) for code in LANGUAGES}
        self.countries: dict[str, Any] = ir["map"]["countries"]
        self.regions: dict[str, Any] = ir["map"]["regions"]
        self.cards: dict[str, Any] = ir["cards"]

    def t(self, msg_id: str, **args: Any) -> str:
        got = self.loc.get(msg_id, **bounded(args))
        return msg_id if got is None else got

    def maybe(self, msg_id: str, **args: Any) -> str | None:
        return self.loc.get(msg_id, **bounded(args))

    def game_title(self, ruleset: str) -> str:
        """The heading of a game of `ruleset` (the terminal's panel, the browser's pages, the board's
        picture): the ruleset named by its own title in this language, by its id only when it has none."""
        return self.t("play-title", ruleset=self.maybe(TITLE_WORD) or ruleset)

    # ------------------------------------------------------------------ names
    def side(self, side: str | None) -> str:
        if side == "draw":
            return self.t("play-draw")
        return self.loc.side(side) if side else "-"

    def card(self, card: str) -> str:
        return self.loc.card(card)

    def country(self, country: str) -> str:
        return self.loc.country(country)

    def region(self, region: str | None) -> str:
        return self.loc.region(region) if region else "-"

    def forms(self, var: str, msg_id: str, plain: str, loc: Localizer | None = None) -> dict[str, str]:
        """`{var: plain, var_gen: …, var_in: …}`: a name and its grammatical forms for a message (in the
        player's language, or in `loc`'s)."""
        loc = loc or self.loc
        out = {var: plain}
        for case in CASES:
            form = loc.get_case(msg_id, case)
            out[f"{var}_{case}"] = plain if form is None else form
        return out

    def country_args(self, country: str, var: str = "country") -> dict[str, str]:
        return self.forms(var, f"country-{country}", self.country(country))

    def region_args(self, region: str, var: str = "region") -> dict[str, str]:
        return self.forms(var, f"region-{region}", self.region(region))

    def side_args(self, side: str, var: str = "side") -> dict[str, str]:
        return self.forms(var, f"side-{side}", self.side(side))

    def card_args(self, card: str, var: str = "card") -> dict[str, str]:
        return {var: self.card(card)}

    def summary(self, card: str) -> str:
        return self.loc.text(f"card-{card}", "", attribute="summary")

    def option(self, option: Any) -> str:
        """How an option of a decision reads: a country, card or region by name, a word by its label."""
        text = str(option)
        if text in self.countries:
            return self.country(text)
        if text in self.cards:
            return self.card(text)
        if text in self.regions:
            return self.region(text)
        if text in SIDES:  # (no ruleset asks a side today; the API names them so too)
            return self.side(text)
        if text.startswith("all_in_") and text[7:] in self.regions:
            return self.t("option-all_in", **self.region_args(text[7:]))
        return self.loc.text(f"option-{text}", readable(text))

    def names_of(self, option: Any, aliases: bool = True) -> list[str]:
        """Every name a player may type for an option: its id, and its label in each language (a card
        also by the other names its `.also` gives, unless `aliases` is False: they are typed, never
        offered)."""
        text = str(option)
        names = [text, text.replace("_", " ")]
        for loc in self.all_langs.values():
            if text in self.countries:
                names.append(loc.country(text))
            elif text in self.cards:
                names.append(loc.card(text))
                number = self.cards[text].get("number")
                if number is not None:
                    names.append(f"#{number}")  # a bare number picks from the numbered list
                if aliases:
                    names.extend(loc.card_aliases(text))
            elif text in self.regions:
                names.append(loc.region(text))
            elif text.startswith("all_in_") and text[7:] in self.regions:
                # the region alone, or the whole label as the list shows it ("All operations in Asia")
                region = text[7:]
                names.append(loc.region(region))
                label = loc.get(
                    "option-all_in", **self.forms("region", f"region-{region}", loc.region(region), loc)
                )
                if label:
                    names.append(label)
            else:
                label = loc.get(f"option-{text}")
                if label:
                    names.append(label)
        return list(dict.fromkeys(n for n in names if n))
