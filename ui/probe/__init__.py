"""The client measured and pictured: frame benchmarks and named screenshot moments, apart from the game played."""
