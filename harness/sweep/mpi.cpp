// MPI (see mpi.hpp). TOUCHSTONE_HAVE_MPI is defined by harness/sweep/CMakeLists.txt when the build
// links MPI.
#include "harness/sweep/mpi.hpp"

#include <stdexcept>

#ifdef TOUCHSTONE_HAVE_MPI
#include <mpi.h>
#endif

namespace touchstone {

#ifdef TOUCHSTONE_HAVE_MPI

bool mpi_available() { return true; }

MpiSession::MpiSession() {
  if (MPI_Init(nullptr, nullptr) != MPI_SUCCESS) throw std::runtime_error("MPI_Init failed");
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() { MPI_Finalize(); }

bool MpiSession::all(bool ok) const {
  int mine = ok ? 1 : 0, every = 0;
  MPI_Allreduce(&mine, &every, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  return every == 1;
}

#else

bool mpi_available() { return false; }

MpiSession::MpiSession() { throw std::runtime_error("built without MPI"); }
MpiSession::~MpiSession() = default;
bool MpiSession::all(bool ok) const { return ok; }

#endif

}  // namespace touchstone
