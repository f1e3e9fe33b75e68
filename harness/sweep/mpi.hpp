// The only MPI calls of the project (Debian OpenMPI; TOUCHSTONE_MPI at configure time). Without
// MPI, mpi_available() is false and `sweep --mpi` is refused as a usage error.
#pragma once

namespace touchstone {

bool mpi_available();

// MPI_Init in the constructor and MPI_Finalize in the destructor; the rank and the world size.
// Throws std::runtime_error when MPI is not available or does not start.
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // True on every rank when `ok` is true on every rank (a collective: every rank calls it).
  bool all(bool ok) const;

 private:
  int rank_ = 0, size_ = 1;
};

}  // namespace touchstone
