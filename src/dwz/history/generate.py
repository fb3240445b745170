"""A synthetic federation at the DSB's size, written straight into a history store.

``generate(path, players=240_000, tournaments=55_000, seed=1)`` builds ten years of
chess life (July 2016 to November 2026, so both rule editions and the Umstufung
occur): clubs with members who join and leave, youth who improve, non-member guests
and foreign players with only an Elo, and five kinds of tournaments —

* club championships (round robins of 6–12 players),
* league groups (team seasons, 8–10 teams of 4–8 boards, evaluated once per group
  and season with the date of the last round, spec dwz-classic §11),
* opens (100–400 players, Swiss),
* youth events and club Swiss tournaments (Swiss, 5–7 rounds).

Results are drawn from hidden "true" strengths.  The same seed gives the same
database content, byte for byte: one random generator, fixed iteration orders, and
the same sequence of SQL statements.  Players existing at the start get their
starting DWZ from a rating list dated 2016-06-30.
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from dwz.basics.values import AgeGroup
from dwz.basics.wo import age_from_birth_year, age_group_for_age
from dwz.history.importer import name_key
from dwz.history.store import open_store, pack, sort_key, transaction

__all__ = ["GenerateReport", "generate"]

START = date(2016, 7, 1)
END = date(2026, 11, 30)
LIST_DATE = "2016-06-30"

# share of the tournaments by kind, and how many evaluation rows each kind brings
SHARES = (("club", 0.44), ("league", 0.24), ("youth", 0.15), ("swiss", 0.14), ("open", 0.03))

_LAST = ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger", "Hofmann", "Hartmann", "Lange", "Schmitt", "Werner", "Schmitz", "Krause", "Meier", "Lehmann", "Schmid", "Schulze", "Maier", "Köhler", "Herrmann", "König", "Walter", "Mayer", "Huber", "Kaiser", "Fuchs", "Peters", "Lang", "Scholz", "Möller", "Weiß", "Jung", "Hahn", "Schubert", "Vogel", "Friedrich", "Keller", "Günther", "Frank", "Berger", "Winkler", "Roth", "Beck", "Lorenz", "Baumann", "Franke", "Albrecht", "Schuster", "Simon", "Ludwig", "Böhm", "Winter", "Kraus", "Martin", "Schumacher", "Krämer", "Vogt", "Stein", "Jäger", "Otto", "Sommer", "Groß", "Seidel", "Heinrich", "Brandt", "Haas", "Schreiber", "Graf", "Schulte", "Dietrich", "Ziegler", "Kuhn", "Kühn", "Pohl", "Engel", "Horn", "Busch", "Bergmann", "Thomas", "Voigt", "Sauer", "Arnold", "Wolff"]
_FIRST_M = ["Alexander", "Andreas", "Benjamin", "Christian", "Daniel", "David", "Dennis", "Dominik", "Felix", "Florian", "Frank", "Jan", "Jens", "Jonas", "Julian", "Kai", "Karl", "Klaus", "Lukas", "Marcel", "Markus", "Martin", "Matthias", "Max", "Michael", "Niklas", "Oliver", "Patrick", "Paul", "Peter", "Philipp", "Ralf", "Robert", "Sebastian", "Simon", "Stefan", "Sven", "Thomas", "Tim", "Tobias", "Uwe", "Wolfgang", "Jürgen", "Günter", "Horst", "Dieter", "Bernd", "Helmut", "Ömer", "Noah", "Elias"]
_FIRST_F = ["Anna", "Andrea", "Birgit", "Christina", "Claudia", "Elena", "Emma", "Eva", "Hannah", "Julia", "Katharina", "Laura", "Lea", "Lena", "Maria", "Marie", "Martina", "Mia", "Nicole", "Sabine", "Sandra", "Sarah", "Sophie", "Stefanie", "Susanne", "Ursula", "Jana", "Lisa", "Jörg", "Käthe"]
_CITIES = ["Berlin", "Hamburg", "München", "Köln", "Frankfurt", "Stuttgart", "Düsseldorf", "Leipzig", "Dortmund", "Essen", "Bremen", "Dresden", "Hannover", "Nürnberg", "Duisburg", "Bochum", "Wuppertal", "Bielefeld", "Bonn", "Münster", "Mannheim", "Karlsruhe", "Augsburg", "Wiesbaden", "Mönchengladbach", "Kiel", "Aachen", "Magdeburg", "Freiburg", "Lübeck", "Erfurt", "Rostock", "Mainz", "Kassel", "Halle", "Saarbrücken", "Potsdam", "Oldenburg", "Osnabrück", "Heidelberg"]
_ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LEAGUES = ("Bundesliga", "2. Bundesliga", "Oberliga", "Landesliga", "Verbandsliga", "Bezirksliga", "Kreisliga", "Kreisklasse")


@dataclass(frozen=True)
class GenerateReport:
    path: Path
    players: int
    tournaments: int
    participants: int
    games: int
    seconds: float


@dataclass
class _Player:
    pid: int
    club: int  # -1: guest without a club
    birth: int
    strength: float
    entry: int  # first active season
    exit: int  # first season no longer active
    member: bool
    elo: int


class _Gen:
    def __init__(self, n_players: int, n_tournaments: int, seed: int, start: date, end: date) -> None:
        self.rng = random.Random(seed)
        self.n_players = n_players
        self.n_tournaments = n_tournaments
        self.start = start
        self.end = end
        self.seasons = [(date(y, 7, 1), min(date(y + 1, 6, 30), end)) for y in range(start.year, end.year + 1)
                        if date(y, 7, 1) <= end]
        self.n_clubs = max(2, n_players // 100)
        self.players: list[_Player] = []
        self.codes: set[str] = set()

    # --- people ---------------------------------------------------------------------------

    def make_players(self) -> list[tuple[object, ...]]:
        rng = self.rng
        ns = len(self.seasons)
        rows: list[tuple[object, ...]] = []
        y0 = self.start.year
        club_members = [0] * self.n_clubs
        for pid in range(1, self.n_players + 1):
            guest = rng.random() < 0.03
            initial = rng.random() < 0.55
            female = rng.random() < 0.12
            if initial:
                entry = 0
                age = int(rng.triangular(8, 85, 45))
            else:
                entry = rng.randrange(ns)
                age = rng.randint(6, 14) if rng.random() < 0.75 else rng.randint(18, 60)
                age -= 0  # age at entry
            birth = y0 + entry - age
            exit_ = entry + 1 + int(rng.expovariate(1 / 7))
            if age <= 20:
                strength = 700 + 85 * max(age - 6, 0) + rng.gauss(0, 180) if initial else rng.gauss(800, 180)
            else:
                strength = rng.gauss(1500, 320) if initial else rng.gauss(1150, 250)
            strength = min(max(strength, 400.0), 2750.0)
            club = -1 if guest else rng.randrange(self.n_clubs)
            elo = 0
            fide_id = None
            if guest:
                if rng.random() < 0.6:
                    strength = min(max(rng.gauss(1850, 250), 1000.0), 2750.0)
                    elo = int(strength + rng.gauss(40, 50))
                    fide_id = str(4_600_000 + pid)
            elif strength > 1700 and rng.random() < 0.35:
                elo = int(strength + rng.gauss(60, 60))
                fide_id = str(4_600_000 + pid)
            p = _Player(pid, club, birth, strength, entry, exit_, not guest, elo)
            self.players.append(p)
            last = rng.choice(_LAST)
            first = rng.choice(_FIRST_F if female else _FIRST_M)
            name = f"{last}, {first}"
            zps = mno = dsb_id = None
            if not guest:
                club_members[club] += 1
                zps = f"{'ABCDEFGHKLMNOP'[club % 14]}{club:04d}"
                mno = str(club_members[club])
                dsb_id = str(10_000_000 + pid)
            s_rating = s_index = s_date = s_src = None
            if initial and not guest and rng.random() < 0.93:
                s_rating = max(500, int(strength + rng.gauss(0, 70)))
                s_index = max(1, min(int(rng.expovariate(1 / 18)) + 1, max(1, (age - 6) * 4)))
                s_date, s_src = LIST_DATE, "list"
            rows.append((pid, name, name_key(name), birth, "w" if female else "m", dsb_id, zps, mno, fide_id, int(not guest),
                         elo or None, s_rating, s_index, s_date, s_src))
        return rows

    def age_season(self, s: int) -> None:
        """True strengths move once a season: youth improve, the old decline slowly."""
        if s == 0:
            return
        rng = self.rng
        start = self.seasons[s][0]
        for p in self.players:
            age = age_from_birth_year(p.birth, start)
            if age <= 20:
                p.strength += rng.gauss(110 if age < 16 else 60, 50)
            elif age > 60:
                p.strength += rng.gauss(-12, 20)
            else:
                p.strength += rng.gauss(0, 25)
            p.strength = min(max(p.strength, 400.0), 2800.0)

    # --- games -----------------------------------------------------------------------------

    def result(self, a: float, b: float) -> tuple[str, str]:
        rng = self.rng
        pa = 0.5 * (1.0 + math.erf((a - b) / 400.0))
        draw = min(0.16 + 0.14 * min(max((a + b) / 2 - 1200, 0) / 1200, 1.0), 2 * min(pa, 1 - pa))
        u = rng.random()
        if u < pa - draw / 2:
            return "1", "0"
        if u < pa + draw / 2:
            return "½", "½"
        return "0", "1"

    def swiss(self, entrants: list[_Player], rounds: int, forfeit: float) -> list[tuple[int, int, int | None, str, str | None]]:
        """Swiss-like pairings within score groups; returns (round, white no, black no, rw, rb)."""
        rng = self.rng
        n = len(entrants)
        score = [0] * n
        met: set[tuple[int, int]] = set()
        out: list[tuple[int, int, int | None, str, str | None]] = []
        strength = [p.strength for p in entrants]
        for rnd in range(1, rounds + 1):
            order = sorted(range(n), key=lambda k: (-score[k], k))
            if len(order) % 2:
                bye = order.pop()
                out.append((rnd, bye + 1, None, "U", None))
                score[bye] += 2
            while order:
                a = order.pop(0)
                j = 0
                for jj in range(min(len(order), 12)):
                    b = order[jj]
                    if (min(a, b), max(a, b)) not in met:
                        j = jj
                        break
                b = order.pop(j)
                met.add((min(a, b), max(a, b)))
                w, bl = (a, b) if rng.random() < 0.5 else (b, a)
                if rng.random() < forfeit:
                    rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
                else:
                    rw, rb = self.result(strength[w], strength[bl])
                score[w] += 2 if rw in ("1", "+") else (1 if rw == "½" else 0)
                score[bl] += 2 if rb in ("1", "+") else (1 if rb == "½" else 0)
                out.append((rnd, w + 1, bl + 1, rw, rb))
        return out

    def round_robin(self, entrants: list[_Player]) -> list[tuple[int, int, int | None, str, str | None]]:
        """Berger tables (circle method)."""
        n = len(entrants)
        idx: list[int | None] = list(range(n))
        if n % 2:
            idx.append(None)
        m = len(idx)
        out: list[tuple[int, int, int | None, str, str | None]] = []
        for rnd in range(1, m):
            for k in range(m // 2):
                a, b = idx[k], idx[m - 1 - k]
                if a is None or b is None:
                    continue
                w, bl = (a, b) if (rnd + k) % 2 else (b, a)
                if self.rng.random() < 0.01:
                    rw, rb = "+", "-"
                else:
                    rw, rb = self.result(entrants[w].strength, entrants[bl].strength)
                out.append((rnd, w + 1, bl + 1, rw, rb))
            idx = [idx[0], idx[-1], *idx[1:-1]]
        return out

    # --- tournaments of one season ------------------------------------------------------------

    def code(self, end: date) -> str:
        rng = self.rng
        yy = f"{chr(ord('A') + (end.year - 2000) // 10)}{end.year % 10}"
        while True:
            c = f"{yy}{end.isocalendar()[1]:02d}-{rng.choice('ABCDEFGHKLMNOP')}{rng.randint(0, 99):02d}-" + "".join(
                rng.choice(_ALNUM) for _ in range(3))
            if c not in self.codes:
                self.codes.add(c)
                return c

    def day(self, first: date, last: date) -> date:
        if last <= first:
            return first
        return first + timedelta(days=self.rng.randrange((last - first).days + 1))

    def season(self, s: int, quota: dict[str, int]) -> list[tuple[str, str, date, date, int, list[_Player], list[tuple[int, int, int | None, str, str | None]]]]:
        """All tournaments of season ``s``: (name, code, start, end, rounds, entrants, games)."""
        rng = self.rng
        lo, hi = self.seasons[s]
        label = f"{lo.year}/{(lo.year + 1) % 100:02d}"
        active = [p for p in self.players if p.entry <= s < p.exit]
        by_club: list[list[_Player]] = [[] for _ in range(self.n_clubs)]
        guests: list[_Player] = []
        for p in active:
            (guests if p.club < 0 else by_club[p.club]).append(p)
        for lst in by_club:
            lst.sort(key=lambda p: -p.strength)
        members = [p for p in active if p.club >= 0]
        youth = [p for p in members if age_group_for_age(age_from_birth_year(p.birth, lo)) is AgeGroup.YOUTH]
        out = []
        ent: list[_Player]
        spring = min(date(lo.year + 1, 5, 31), hi)
        # club championships: the club's active members, a round robin (autumn to spring)
        clubs = [c for c in range(self.n_clubs) if len(by_club[c]) >= 6]
        rng.shuffle(clubs)
        for c in clubs[:quota["club"]]:
            k = min(len(by_club[c]), rng.randint(6, 12))
            ent = rng.sample(by_club[c], k)
            end = self.day(date(lo.year + 1, 1, 15), spring) if spring > date(lo.year + 1, 1, 15) else self.day(lo, hi)
            out.append((f"Vereinsmeisterschaft {by_club[c][0].club:04d} {label}", self.code(end), end - timedelta(days=120), end,
                        k - 1 + k % 2, ent, self.round_robin(ent)))
        # league groups: teams of a club's players (strongest first), each player in one team a season
        used_upto = [0] * self.n_clubs
        for g in range(quota["league"]):
            boards = rng.choice((4, 6, 8, 8, 8))
            n_teams = rng.choice((8, 10))
            roster_size = boards + 3
            cands = [c for c in range(self.n_clubs) if len(by_club[c]) - used_upto[c] >= boards]
            if len(cands) < n_teams:
                break
            teams: list[list[_Player]] = []
            for c in rng.sample(cands, n_teams):
                roster = by_club[c][used_upto[c]:used_upto[c] + roster_size]
                used_upto[c] += len(roster)
                teams.append(roster)
            rounds = n_teams - 1
            first = date(lo.year, 9, 15)
            dates = [first + timedelta(days=21 * r) for r in range(rounds)]
            if dates[-1] > hi:
                break
            ent = []
            no: dict[int, int] = {}
            games: list[tuple[int, int, int | None, str, str | None]] = []
            idx: list[int] = list(range(n_teams))
            for rnd in range(1, rounds + 1):
                for k in range(n_teams // 2):
                    ta, tb = teams[idx[k]], teams[idx[n_teams - 1 - k]]
                    la = [p for p in ta if rng.random() < 0.8][:boards]
                    lb = [p for p in tb if rng.random() < 0.8][:boards]
                    for bd in range(boards):
                        pa = la[bd] if bd < len(la) else None
                        pb = lb[bd] if bd < len(lb) else None
                        for q in (pa, pb):
                            if q is not None and q.pid not in no:
                                ent.append(q)
                                no[q.pid] = len(ent)
                        if pa is None and pb is None:
                            continue
                        if pa is None or pb is None:  # board not filled: a forfeit, not a game (spec §2)
                            present = pa or pb
                            assert present is not None
                            games.append((rnd, no[present.pid], None, "+", None))
                            continue
                        w, bl = (pa, pb) if (bd + rnd) % 2 == 0 else (pb, pa)
                        rw, rb = self.result(w.strength, bl.strength)
                        games.append((rnd, no[w.pid], no[bl.pid], rw, rb))
                idx = [idx[0], idx[-1], *idx[1:-1]]
            league = _LEAGUES[min(int(rng.expovariate(0.45)), len(_LEAGUES) - 1)]
            out.append((f"{league} Gruppe {g + 1} {label}", self.code(dates[-1]), dates[0], dates[-1], rounds, ent, games))
        # Swiss events: youth, club Swiss, opens (with guests and foreign players)
        # groups the clubs could not staff become club Swiss tournaments (the total stays as asked)
        leagues = sum(1 for t in out if " Gruppe " in t[0])
        club_events = len(out) - leagues
        quota = dict(quota, swiss=quota["swiss"] + quota["league"] - leagues + max(quota["club"] - club_events, 0))
        for kind in ("youth", "swiss", "open"):
            made = 0
            for _ in range(4 * quota[kind]):
                if made == quota[kind]:
                    break
                if kind == "youth":
                    pool, size, rounds = youth, rng.randint(16, 60), rng.choice((5, 7))
                    name = f"Jugendturnier {rng.choice(_CITIES)} U{rng.choice((10, 12, 14, 16, 18))}"
                elif kind == "swiss":
                    c = rng.randrange(self.n_clubs)
                    pool = by_club[c] + by_club[(c + 1) % self.n_clubs]
                    size, rounds = rng.randint(12, 40), rng.choice((5, 7))
                    name = f"Vereinsturnier {c:04d}"
                else:
                    pool, size, rounds = members, rng.randint(100, 400), rng.choice((7, 9))
                    name = f"{rng.choice(_CITIES)}er Open"
                size = min(size, len(pool))
                if size < 6:
                    continue
                made += 1
                ent = rng.sample(pool, size)
                if kind == "open" and guests:
                    ent += rng.sample(guests, min(len(guests), size // 25 + 1))
                end = self.day(lo, hi)
                days = rounds if kind == "open" else 7 * rounds
                name = f"{name} {end.year}"
                out.append((name, self.code(end), end - timedelta(days=days), end, rounds, ent,
                            self.swiss(ent, rounds, 0.005 if kind == "open" else 0.015)))
        return out


def _shares(n: int) -> dict[str, int]:
    """``n`` tournaments split by :data:`SHARES`, the remainders to the largest fractions (the sum is ``n``)."""
    exact = {k: share * n for k, share in SHARES}
    out = {k: int(v) for k, v in exact.items()}
    for k in sorted(exact, key=lambda k: exact[k] - out[k], reverse=True)[: n - sum(out.values())]:
        out[k] += 1
    return out


def generate(path: str | Path, *, players: int = 240_000, tournaments: int = 55_000, seed: int = 1,
             start: date = START, end: date = END, progress: Callable[[int, int], None] | None = None) -> GenerateReport:
    """Write a synthetic federation to ``path`` (replaced atomically when complete)."""
    t0 = time.perf_counter()
    path = Path(path)
    tmp = path.with_name(path.name + ".part")
    for p in (tmp, Path(str(tmp) + "-wal"), Path(str(tmp) + "-shm")):
        if p.exists():
            p.unlink()
    g = _Gen(players, tournaments, seed, start, end)
    conn = open_store(tmp)
    n_t = n_part = n_games = 0
    try:
        with transaction(conn):
            conn.executemany(
                "INSERT INTO players (id, name, name_key, birth_year, sex, dsb_id, zps, member_no, fide_id, member, elo, "
                "start_rating, start_index, start_date, start_source) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", g.make_players())
            lengths = [(hi - lo).days + 1 for lo, hi in g.seasons]
            total_days = sum(lengths)
            tid = int(conn.execute("SELECT max(id) FROM tournaments").fetchone()[0])
            days_so_far = 0
            for s in range(len(g.seasons)):
                g.age_season(s)
                # each season brings its share of the days, and what the seasons before could not make:
                # the total is exactly as many as asked (unless too few players make that impossible)
                days_so_far += lengths[s]
                quota = _shares(max(round(tournaments * days_so_far / total_days) - n_t, 0))
                planned = g.season(s, quota)
                # ids follow the order of evaluation, so a run reads the table front to back
                planned.sort(key=lambda t: (t[3], sort_key(t[1], t[0])))
                t_rows: list[tuple[object, ...]] = []
                p_rows: list[tuple[object, ...]] = []
                g_rows: list[tuple[object, ...]] = []
                for name, code, t_start, t_end, rounds, ent, games in planned:
                    tid += 1
                    pids = [p.pid for p in ent]
                    played = [(w - 1, b - 1, 2 if rw == "1" else (1 if rw == "½" else 0)) for _, w, b, rw, rb in games
                              if b is not None and rw in ("1", "½", "0")]
                    t_rows.append((tid, name, code, t_start.isoformat(), t_end.isoformat(), sort_key(code, name), rounds, "generated",
                                   pack(pids, [p.elo for p in ent], played)))
                    p_rows.extend((tid, i, p.pid, p.elo or None) for i, p in enumerate(ent, 1))
                    g_rows.extend((tid, *gm) for gm in games)
                conn.executemany("INSERT INTO tournaments (id, kind, name, code, start, end, sort_key, rules, rated, rounds, source, "
                                 "evaluated, packed) VALUES (?, 'tournament', ?, ?, ?, ?, ?, NULL, 1, ?, ?, 0, ?)", t_rows)
                conn.executemany("INSERT INTO participants (tournament, no, player, elo) VALUES (?,?,?,?)", p_rows)
                conn.executemany("INSERT INTO games (tournament, round, white, black, result_white, result_black) VALUES (?,?,?,?,?,?)",
                                 g_rows)
                n_t += len(t_rows)
                n_part += len(p_rows)
                n_games += len(g_rows)
                if progress is not None:
                    progress(s + 1, len(g.seasons))
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('generator', ?)",
                         (f"players={players} tournaments={tournaments} seed={seed} start={start} end={end}",))
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    for suffix in ("-wal", "-shm"):
        if Path(str(path) + suffix).exists():
            Path(str(path) + suffix).unlink()
    os.replace(tmp, path)
    return GenerateReport(path=path, players=players, tournaments=n_t, participants=n_part, games=n_games,
                          seconds=time.perf_counter() - t0)
