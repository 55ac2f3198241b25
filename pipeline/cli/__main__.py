"""`python -m pipeline.cli ...`: the `carcdb` command without the console script."""

from pipeline.cli import main

main()
