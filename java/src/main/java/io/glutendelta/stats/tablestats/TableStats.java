package io.glutendelta.stats.tablestats;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's current files with their statistics, column-wise: one primitive array per
 * attribute instead of an object per file per column, so a million files fit in a modest
 * driver heap. Paths are UTF-8 bytes in one array with offsets; low-cardinality strings
 * (clustering provider, ZCube id, ZCube columns) are small dictionaries with int codes.
 *
 * <p>File index i is the same in every array. Instances are immutable.
 */
public final class TableStats {
  private final long version;
  private final int numFiles;
  private final byte[] pathBytes;
  private final int[] pathOffsets;
  private final long[] size;
  private final long[] numRecords;
  private final long[] dvCardinality;
  private final int[] provider;
  private final int[] zCube;
  private final int[] zOrderBy;
  private final String[] providerDict;
  private final String[] zCubeDict;
  private final String[] zOrderByDict;
  private final List<ColumnStats> columns;
  private final List<String> clusteringColumns;

  private TableStats(Builder b, List<ColumnStats> columns) {
    this.version = b.version;
    this.numFiles = b.count;
    this.pathBytes = Arrays.copyOf(b.pathBytes, b.pathLen);
    this.pathOffsets = Arrays.copyOf(b.pathOffsets, b.count + 1);
    this.size = Arrays.copyOf(b.size, b.count);
    this.numRecords = Arrays.copyOf(b.numRecords, b.count);
    this.dvCardinality = Arrays.copyOf(b.dvCardinality, b.count);
    this.provider = Arrays.copyOf(b.provider, b.count);
    this.zCube = Arrays.copyOf(b.zCube, b.count);
    this.zOrderBy = Arrays.copyOf(b.zOrderBy, b.count);
    this.providerDict = b.providers.toArray(new String[0]);
    this.zCubeDict = b.zCubes.toArray(new String[0]);
    this.zOrderByDict = b.zOrderBys.toArray(new String[0]);
    this.columns = List.copyOf(columns);
    this.clusteringColumns = List.copyOf(b.clusteringColumns);
  }

  /** Table version the files come from (-1 for synthetic models). */
  public long version() {
    return version;
  }

  public int numFiles() {
    return numFiles;
  }

  /** The path as stored in the AddFile (relative to the table root, URL-encoded). */
  public String path(int file) {
    return new String(pathBytes, pathOffsets[file], pathOffsets[file + 1] - pathOffsets[file],
        StandardCharsets.UTF_8);
  }

  public long size(int file) {
    return size[file];
  }

  /** Physical record count, or -1 when the file has no stats. */
  public long numRecords(int file) {
    return numRecords[file];
  }

  /** Rows marked deleted by the file's deletion vector (0 without one). */
  public long deletedRows(int file) {
    return dvCardinality[file];
  }

  /** {@code AddFile.clusteringProvider}, null when the file is unclustered. */
  public String clusteringProvider(int file) {
    return provider[file] < 0 ? null : providerDict[provider[file]];
  }

  /** {@code ZCUBE_ID} tag, or null. */
  public String zCubeId(int file) {
    return zCube[file] < 0 ? null : zCubeDict[zCube[file]];
  }

  /** Dense id of the file's ZCube in [0, numZCubes), or -1. */
  public int zCubeOrdinal(int file) {
    return zCube[file];
  }

  public int numZCubes() {
    return zCubeDict.length;
  }

  /** {@code ZCUBE_ZORDER_BY} tag (JSON array text), or null. */
  public String zOrderBy(int file) {
    return zOrderBy[file] < 0 ? null : zOrderByDict[zOrderBy[file]];
  }

  public List<ColumnStats> columns() {
    return columns;
  }

  /** The table's clustering columns (logical names), empty when not a clustered table. */
  public List<String> clusteringColumns() {
    return clusteringColumns;
  }

  /** The column, matched case-insensitively as Spark resolves names. */
  public ColumnStats column(String name) {
    for (ColumnStats c : columns) {
      if (c.name().equalsIgnoreCase(name)) {
        return c;
      }
    }
    throw new IllegalArgumentException("column " + name + " is not in the stats model (loaded: "
        + columns.stream().map(ColumnStats::name).toList() + ")");
  }

  public boolean hasColumn(String name) {
    return columns.stream().anyMatch(c -> c.name().equalsIgnoreCase(name));
  }

  public long totalBytes() {
    long s = 0;
    for (long v : size) {
      s += v;
    }
    return s;
  }

  /** Approximate heap held by the arrays (the 1 M files note uses measured heap, not this). */
  public long estimatedBytes() {
    long b = pathBytes.length + 4L * pathOffsets.length + 8L * 3 * numFiles + 4L * 3 * numFiles;
    for (ColumnStats c : columns) {
      b += c.retainedBytes();
    }
    return b;
  }

  /** Index of each path, for comparing file sets. */
  public Map<String, Integer> indexByPath() {
    Map<String, Integer> m = new HashMap<>(numFiles * 2);
    for (int i = 0; i < numFiles; i++) {
      m.put(path(i), i);
    }
    return m;
  }

  /** Collects files one at a time; columns are built alongside. */
  public static final class Builder {
    private final long version;
    private final List<ColumnStats.Builder> columnBuilders;
    private final List<String> clusteringColumns;
    private int count;
    private byte[] pathBytes = new byte[1024];
    private int pathLen;
    private int[] pathOffsets = new int[17];
    private long[] size = new long[16];
    private long[] numRecords = new long[16];
    private long[] dvCardinality = new long[16];
    private int[] provider = new int[16];
    private int[] zCube = new int[16];
    private int[] zOrderBy = new int[16];
    private final List<String> providers = new ArrayList<>();
    private final List<String> zCubes = new ArrayList<>();
    private final List<String> zOrderBys = new ArrayList<>();
    private final Map<String, Integer> providerIds = new HashMap<>();
    private final Map<String, Integer> zCubeIds = new HashMap<>();
    private final Map<String, Integer> zOrderByIds = new HashMap<>();

    public Builder(long version, List<ColumnStats.Builder> columns, List<String> clusteringColumns) {
      this.version = version;
      this.columnBuilders = columns;
      this.clusteringColumns = clusteringColumns;
    }

    public List<ColumnStats.Builder> columnBuilders() {
      return columnBuilders;
    }

    /**
     * Adds a file's per-file attributes; the caller adds the same file to every column builder.
     *
     * @param numRecords -1 when the file has no stats
     */
    public void addFile(String path, long fileSize, long numRecords, long deletedRows,
        String clusteringProvider, String zCubeId, String zOrderByJson) {
      if (count == size.length) {
        int n = count + (count >> 1);
        size = Arrays.copyOf(size, n);
        this.numRecords = Arrays.copyOf(this.numRecords, n);
        dvCardinality = Arrays.copyOf(dvCardinality, n);
        provider = Arrays.copyOf(provider, n);
        zCube = Arrays.copyOf(zCube, n);
        zOrderBy = Arrays.copyOf(zOrderBy, n);
        pathOffsets = Arrays.copyOf(pathOffsets, n + 1);
      }
      byte[] p = path.getBytes(StandardCharsets.UTF_8);
      if (pathLen + p.length > pathBytes.length) {
        pathBytes = Arrays.copyOf(pathBytes, Math.max(pathLen + p.length, pathBytes.length * 3 / 2));
      }
      System.arraycopy(p, 0, pathBytes, pathLen, p.length);
      pathLen += p.length;
      int i = count++;
      pathOffsets[i + 1] = pathLen;
      size[i] = fileSize;
      this.numRecords[i] = numRecords;
      dvCardinality[i] = deletedRows;
      provider[i] = code(clusteringProvider, providers, providerIds);
      zCube[i] = code(zCubeId, zCubes, zCubeIds);
      zOrderBy[i] = code(zOrderByJson, zOrderBys, zOrderByIds);
    }

    private static int code(String v, List<String> dict, Map<String, Integer> ids) {
      if (v == null) {
        return -1;
      }
      return ids.computeIfAbsent(v, k -> {
        dict.add(k);
        return dict.size() - 1;
      });
    }

    public TableStats build() {
      List<ColumnStats> cols = new ArrayList<>(columnBuilders.size());
      for (ColumnStats.Builder cb : columnBuilders) {
        cols.add(cb.build());
      }
      return new TableStats(this, cols);
    }
  }
}
