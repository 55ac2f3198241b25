"""`python -m pipeline.cli ...`: the `carcdb` command without the console script."""

from carcdb.pipeline.cli import main

main()
