"""Renderers of a tournament evaluation: the DSB-shaped table as rows, CSV,
a standalone HTML page.  They translate only; every number comes from the core."""

from dwz.reports.table import COLUMNS, ELO_COLUMNS, TEAM_COLUMNS, elo_rows, evaluation_rows, team_tables, to_csv, to_html

__all__ = ["COLUMNS", "ELO_COLUMNS", "TEAM_COLUMNS", "elo_rows", "evaluation_rows", "team_tables", "to_csv", "to_html"]
