#include "harness/common/progress.hpp"

#include <iostream>

namespace touchstone {

Progress progress_printer(std::string unit, std::size_t every) {
  return [unit = std::move(unit), every](std::size_t done, std::size_t total) {
    if (done % every == 0 || done == total)
      std::cerr << "\r" << done << " / " << total << " " << unit << std::flush;
    if (done == total) std::cerr << "\n";
  };
}

}  // namespace touchstone
