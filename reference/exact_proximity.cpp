#include "reference/exact_proximity.hpp"
