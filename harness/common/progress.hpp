// Progress reporting shared by every runner: a callback (done, total), and the printer the
// commands install unless --quiet.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

namespace touchstone {

using Progress = std::function<void(std::size_t done, std::size_t total)>;

// Prints "\r<done> / <total> <unit>" to stderr every `every` steps and at the end.
Progress progress_printer(std::string unit, std::size_t every = 100);

}  // namespace touchstone
