"""What an OpenSpiel state answers, from its native game: who acts, the legal actions,
chance's outcomes, applying an action (a seat's word or a chance outcome), the
returns. OpenSpiel asks these at every node; they read the fields
:class:`~gadshill.adapters.openspiel.playing._Playing` keeps up to date.
"""

from __future__ import annotations

from gadshill.adapters.openspiel.playing import CHANCE, TERMINAL, _Playing

#: count -> the outcomes of a uniform chance node of that many (OpenSpiel's form)
_UNIFORM: dict[int, list[tuple[int, float]]] = {}


class _Answers(_Playing):
    """The answers of :class:`~gadshill.adapters.openspiel.state.GadshillState`'s face."""

    __slots__ = ()

    def current_player(self) -> int:
        if self.to_move is None:
            self._start()
        return self.to_move  # type: ignore[return-value]

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_actions(self, player: int | None = None) -> list[int]:
        current = self.to_move
        if current is None:
            current = self.current_player()
        if current >= 0:  # a seat
            if player is not None and player != current:
                return []
            native = self.native
            assert native is not None
            spellings = native.spellings
            if spellings is None:
                spellings = self.spellings()
            return list(spellings.next_words(self.prefix))
        if current == CHANCE:
            return list(range(len(self.chance_labels)))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.started:
            self._start()
        count = len(self.chance_labels)
        found = _UNIFORM.get(count)
        if found is None:
            found = _UNIFORM[count] = [(outcome, 1.0 / count) for outcome in range(count)]
        return list(found)

    def apply(self, action: int) -> None:
        """Apply one action; one that is not legal here raises and changes nothing."""
        if self.to_move is None:
            self._start()
        player: int = self.to_move  # type: ignore[assignment]
        if player >= 0:
            self._decide(player, action)
        elif player == CHANCE:
            if not 0 <= action < len(self.chance_labels):
                raise ValueError(
                    f"chance outcome {action} is not one of 0-{len(self.chance_labels) - 1}"
                )
            self.outcomes.append(int(action))
            if self.dealing and len(self.chance_labels) > 2:
                # the shuffle's next deal is among the pieces left, as the engine will
                # ask when it goes on with every deal chosen (ScriptedRandom.shuffle)
                left = self.chance_labels  # (the state's own: a shuffle's labels are new)
                left[0], left[action] = left[action], left[0]
                del left[0]
                return
            self._advance()
            self._settle()
        else:
            raise ValueError(f"action {action}: the game is over")

    def _decide(self, player: int, action: int) -> None:
        """Apply a seat's word; one that is not legal here raises and changes nothing."""
        native = self.native
        assert native is not None
        spellings = native.spellings
        if spellings is None:
            spellings = self.spellings()
        if action not in spellings.next_words(self.prefix):
            word = self.speller.words[action] if 0 <= action < len(self.speller.words) else "?"
            raise ValueError(f"action {action} ({word!r}) is not legal here")
        prefix = (*self.prefix, action)
        # (a kind with fields is more than its first word: nothing to look up)
        may_end = len(prefix) > 1 or action in self.speller.bare
        move = spellings.move(prefix) if may_end else None
        if move is None:  # a word of the move: only the cap on decisions can end the game
            self.own_words[player].append(action)
            self.views[player].append(self.history.code(player, action))
            self.prefix = prefix
            self.decisions += 1
            if self.decisions >= self.max_decisions:
                self.to_move = TERMINAL  # truncated (see truncated())
            return
        self._play(move, player)  # an engine error raises here, and nothing has changed
        self.own_words[player].append(action)
        self.views[player].append(self.history.code(player, action))
        self.decisions += 1
        self.prefix = ()
        self._settle()

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            label = self.chance_labels[action] if action < len(self.chance_labels) else action
            return f"chance {label}"
        return self.speller.words[action]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        if self.truncated():
            return [1.0 / self.players] * self.players  # a draw
        assert self.native is not None
        winners = self.native.state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.players)]

    def __str__(self) -> str:
        self._start()
        native = self.settled()
        if native is None:
            return f"setting up: {len(self.outcomes)} chance outcomes so far"
        words = " ".join(self.speller.words[w] for w in self.prefix)
        return f"{native.state!r} pending={self.pending} words={words!r}"
