"""Speed and strength benchmarks (``make bench``): printed tables, not tests."""
