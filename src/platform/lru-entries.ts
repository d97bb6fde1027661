/**
 * LRU cache options that hold at most `entries` entries, the storage growing as entries arrive.
 * lru-cache's `max` allocates storage for every entry up front: 200,000 entries cost about 30 ms and
 * several megabytes before the first is stored, paid again by every set of services a process builds
 * (the CLI and the tests build many). Counting each entry as size 1 under `maxSize` keeps the same
 * bound, evicting the least recently used entry in the same way, without that.
 */
export function atMostEntries(entries: number): { maxSize: number; sizeCalculation: () => number } {
  return { maxSize: entries, sizeCalculation: () => 1 };
}
