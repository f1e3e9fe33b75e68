// GJK and EPA implemented in gjk.cpp / epa.cpp.
