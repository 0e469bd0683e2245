# cmake -DGDS_LIBRARY=<file> -P WriteSha256.cmake: writes <file>.sha256 holding only the
# lowercase hex SHA-256 digest (no file name, no newline).
if(NOT DEFINED GDS_LIBRARY)
  message(FATAL_ERROR "GDS_LIBRARY is not set")
endif()
file(SHA256 "${GDS_LIBRARY}" _gds_digest)
string(TOLOWER "${_gds_digest}" _gds_digest)
file(WRITE "${GDS_LIBRARY}.sha256" "${_gds_digest}")
