#include "cases/families.hpp"
