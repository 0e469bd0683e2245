package io.glutendelta.stats.skipping;

import io.glutendelta.stats.tablestats.TableStats;

import java.util.BitSet;

/**
 * Files and bytes a scan with some predicate reads, as Delta's data skipping would decide.
 *
 * @param filesRead which files are read (index into the {@link TableStats})
 */
public record ScanEstimate(BitSet filesRead, int numFilesRead, long bytesRead, int totalFiles,
    long totalBytes) {

  public double fractionOfFilesRead() {
    return totalFiles == 0 ? 0 : (double) numFilesRead / totalFiles;
  }
}
