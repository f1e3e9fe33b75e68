#include "harness/common/progress.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>

namespace touchstone {

Progress progress_printer(std::string unit, std::size_t every) {
  if (const char* e = std::getenv("TOUCHSTONE_PROGRESS_EVERY")) {
    const long n = std::strtol(e, nullptr, 10);
    if (n > 0) every = static_cast<std::size_t>(n);
  }
  every = std::max<std::size_t>(every, 1);
  return [unit = std::move(unit), every](std::size_t done, std::size_t total) {
    if (done % every == 0 || done == total)
      std::cerr << "\r" << done << " / " << total << " " << unit << std::flush;
    if (done == total) std::cerr << "\n";
  };
}

}  // namespace touchstone
