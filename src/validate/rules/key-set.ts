// The keys of one list's terms, for finding the first duplicate: open addressing over a typed array
// sized once for the list. On 100k fresh strings it is about twice as fast as a Set, whose chains
// read other strings' memory on every insert; that insert was most of validate's time per list.

/**
 * Probes after which `add` gives up and answers false, as for a duplicate; the caller then uses a Map
 * for the rest. At half load runs stay far shorter; this bounds a crafted file of colliding terms.
 */
const MAX_PROBES = 256;

export class KeySet {
  /** Item index + 1 per slot (0: empty); 4 bytes a slot keep a 100k-term list's table at 1 MB, within a core's cache. */
  private readonly slots: Int32Array;
  /** Each added item's hash, by item: read only for the items a probe meets. */
  private readonly hashes: Int32Array;
  private readonly mask: number;

  /** `keyOf(i)`: the key of item `i`, asked for again only when hashes are equal. */
  constructor(
    capacity: number,
    private readonly keyOf: (i: number) => string,
  ) {
    let size = 16;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.hashes = new Int32Array(size); // an item index past the slots could never be stored anyway
    this.mask = size - 1;
  }

  /** Adds item `i` with its key: true when no earlier item had that key, false when one had (or the probes ran out, or `i` is past the table). */
  add(key: string, i: number): boolean {
    if (i >= this.hashes.length) return false; // past the table: the caller's Map takes over
    const hash = fnv1a(key);
    this.hashes[i] = hash;
    let slot = hash & this.mask;
    for (let probe = 0; probe < MAX_PROBES; probe++) {
      const stored = this.slots[slot]!;
      if (stored === 0) {
        this.slots[slot] = i + 1;
        return true;
      }
      if (this.hashes[stored - 1] === hash && this.keyOf(stored - 1) === key) return false;
      slot = (slot + 1) & this.mask;
    }
    return false;
  }
}

/** 32-bit FNV-1a over UTF-16 code units. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5 | 0; // as int32, like Math.imul results and the Int32Array it is stored in
  for (let k = 0; k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193);
  return h;
}
