//! The transposition table's store: a map from a position's packed key to its [`Entry`], built
//! for the search's one hot operation, a probe that most often misses.
//!
//! Each slot holds its key and its entry side by side (24 bytes), in one array probed
//! linearly and kept at most half full, so a probe reads one cache line, rarely two: a general
//! hash map keeps its control bytes and its slots apart, and a miss in a large table then
//! costs two reads from memory. The array starts small and doubles as it fills.
//!
//! A slot is taken when its stamp is the table's: emptying the table is a new stamp, not a
//! pass over the slots, and a new array is zeroed memory (stamp 0, never a table's), so it
//! costs no pass either. When a solve ends, its array, if small, is kept for the thread's next
//! solve ([`SPARE_SLOTS`]): a solve of a few hundred nodes allocates nothing. From 2 MiB on
//! (on Linux) the array is a mapping of its own that the kernel is asked to back with huge
//! pages: the probes of a large table land anywhere in it, and with small pages nearly each
//! one misses the processor's page-translation cache (the open 16-point corner reads 1 M
//! positions in 48 MB of table).
//!
//! When the searcher empties the table depends on a capacity of its own ([`Table::capacity`]),
//! which follows the growth of a general hash map holding the same entries (the table the
//! search used before this one), so the table is emptied at the same points, the same
//! results are kept, and every answer and node count stays what it was. The test below checks
//! that capacity against the standard library's map.

use std::cell::Cell;

use super::search::Entry;

/// The slots a table starts with: room for 128 entries, six kilobytes.
const START_SLOTS: usize = 256;
/// The largest array a thread keeps from one solve for the next (96 KiB): enough for the
/// solves of spaces of up to seven vertices, which are most.
const SPARE_SLOTS: usize = 4096;
/// Arrays of this many bytes or more are mapped on their own, asking for huge pages.
#[cfg(target_os = "linux")]
const MAPPED_FROM: usize = 2 << 20;

thread_local! {
    /// The array of the thread's last small table, with the stamp it last used.
    static SPARE: Cell<Option<(Slots, u32)>> = const { Cell::new(None) };
}

/// A key and its entry; the slot is taken when `stamp` is the table's.
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    meta: u64,
    reach_at: u32,
    stamp: u32,
}

/// A zeroed array of slots (all free: no table's stamp is 0) that owns its memory: from the allocator, or (on Linux, from
/// [`MAPPED_FROM`] bytes) an anonymous mapping advised to use huge pages.
struct Slots {
    ptr: std::ptr::NonNull<Slot>,
    len: usize,
    /// The bytes mapped, or 0 for memory from the allocator.
    mapped: usize,
}

// SAFETY: a `Slots` owns its memory alone, as a `Vec<Slot>` does (nothing else points into
// it), and a `Slot` is plain integers: moving it to another thread, or reading it from several
// through shared references (`as_slice`), is as sound as for a `Vec<Slot>`. Writes need
// `&mut self`.
unsafe impl Send for Slots {}
// SAFETY: as above.
unsafe impl Sync for Slots {}

impl Slots {
    /// No slots, no memory.
    fn none() -> Slots {
        Slots {
            ptr: std::ptr::NonNull::dangling(),
            len: 0,
            mapped: 0,
        }
    }

    /// `len` free slots (`len` > 0); `None` when the memory is refused.
    fn zeroed(len: usize) -> Option<Slots> {
        let layout = std::alloc::Layout::array::<Slot>(len).ok()?;
        #[cfg(target_os = "linux")]
        if layout.size() >= MAPPED_FROM {
            let bytes = layout.size().next_multiple_of(MAPPED_FROM);
            // SAFETY: a new private anonymous mapping, read and written only through this
            // `Slots` (which unmaps it once, on drop). The kernel gives it zero-filled, and all
            // zeros is a valid `Slot`. `madvise` is advice: its failure changes nothing.
            let ptr = unsafe {
                let p = libc::mmap(
                    std::ptr::null_mut(),
                    bytes,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                    -1,
                    0,
                );
                if p == libc::MAP_FAILED {
                    return None;
                }
                libc::madvise(p, bytes, libc::MADV_HUGEPAGE);
                p
            };
            let slots = Slots {
                ptr: std::ptr::NonNull::new(ptr.cast())?,
                len,
                mapped: bytes,
            };
            slots.fault_in(bytes);
            return Some(slots);
        }
        // SAFETY: the layout has a non-zero size (`len` > 0, a slot is 24 bytes); all zeros is
        // a valid `Slot`; the memory is freed once, on drop, with the same layout.
        let ptr = unsafe { std::alloc::alloc_zeroed(layout) };
        let slots = Slots {
            ptr: std::ptr::NonNull::new(ptr.cast())?,
            len,
            mapped: 0,
        };
        slots.fault_in(layout.size());
        Some(slots)
    }

    /// Writes a zero byte into every page of the first `bytes` (which are zero already), so
    /// that the memory is mapped writable now, one fault a page (one a huge page).
    ///
    /// Zeroed memory fresh from the kernel is mapped lazily, and a page first *read* is mapped
    /// to the kernel's shared zero page: the probes and the doubling read a slot before they
    /// write it, and the write then faults again to copy the page, which makes the kernel
    /// flush the page's translation on every processor the process runs on. In a process
    /// with other threads (a host's, the board analysis's) that flush cost a quarter of a
    /// 19x19 final status's time.
    fn fault_in(&self, bytes: usize) {
        const PAGE: usize = 4096;
        let base: *mut u8 = self.ptr.as_ptr().cast();
        for offset in (0..bytes).step_by(PAGE) {
            // SAFETY: `offset` < `bytes`, which this `Slots` owns (its layout's size, or the
            // mapping's length); the byte is zero and stays zero, so every slot stays the
            // valid free slot it was. Volatile so the write that maps the page is made.
            unsafe { std::ptr::write_volatile(base.add(offset), 0) };
        }
    }

    #[inline]
    fn as_slice(&self) -> &[Slot] {
        // SAFETY: `ptr` holds `len` initialised slots (or is dangling with `len` 0).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }

    #[inline]
    fn as_mut_slice(&mut self) -> &mut [Slot] {
        // SAFETY: as in `as_slice`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        if self.len == 0 {
            return;
        }
        if self.mapped > 0 {
            // Only Linux maps a table: elsewhere `mapped` is always 0.
            #[cfg(target_os = "linux")]
            // SAFETY: the mapping made in `zeroed`, of `mapped` bytes, unmapped once.
            unsafe {
                libc::munmap(self.ptr.as_ptr().cast(), self.mapped)
            };
            return;
        }
        if let Ok(layout) = std::alloc::Layout::array::<Slot>(self.len) {
            // SAFETY: allocated in `zeroed` with this layout, freed once.
            unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), layout) };
        }
    }
}

/// Keys and entries; see the module documentation.
pub(crate) struct Table {
    /// A power of two of slots: at least twice [`Table::len`], or, at `max_slots`, at least
    /// eight sevenths of it.
    slots: Slots,
    /// The stamp of the slots taken (never 0).
    stamp: u32,
    /// `64 - log2(slots.len())`: a key's home slot is the top bits of its mixed key.
    shift: u32,
    len: usize,
    /// The capacity a general hash map holding the same entries would have.
    capacity: usize,
    /// The most slots: at that size the slots fill to seven eighths, not to one half.
    max_slots: usize,
}

impl Drop for Table {
    fn drop(&mut self) {
        let slots = std::mem::replace(&mut self.slots, Slots::none());
        if slots.len > 0 && slots.len <= SPARE_SLOTS {
            // A thread being torn down has no spare left to keep it in: the array is freed.
            let _ = SPARE.try_with(|spare| spare.set(Some((slots, self.stamp))));
        }
    }
}

/// The home slot of `key` in an array of `2^(64 - shift)` slots: the top bits of the key
/// mixed.
#[inline]
fn home(key: u64, shift: u32) -> usize {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> shift) as usize
}

/// The capacity a general hash map grows to from `capacity` when it is full: as many
/// entries as seven eighths of the next power of two of buckets (a table of fewer than eight
/// buckets is full one entry before the last).
fn grown(capacity: usize) -> usize {
    let want = capacity + 1;
    let buckets = if want < 4 {
        4
    } else if want < 8 {
        8
    } else {
        (want * 8 / 7).next_power_of_two()
    };
    if buckets < 8 {
        buckets - 1
    } else {
        buckets / 8 * 7
    }
}

impl Table {
    /// The bytes of one slot.
    pub const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

    /// An empty table whose capacity is that of a general hash map made with room for
    /// `reserve` entries (0: none), of at most `max_slots` slots (a power of two). Nothing is
    /// allocated for `reserve`: the slots grow with the entries.
    pub fn new(reserve: usize, max_slots: usize) -> Table {
        let mut capacity = 0;
        if reserve > 0 {
            // Made with room for `reserve`, a map has the capacity its growth reaches first
            // at or above it.
            while capacity < reserve {
                capacity = grown(capacity);
            }
        }
        Table {
            slots: Slots::none(),
            stamp: 1,
            shift: 64,
            len: 0,
            capacity,
            max_slots,
        }
    }

    /// The entries held.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when the slots take `bytes` or more of memory.
    #[inline]
    pub fn takes_at_least(&self, bytes: usize) -> bool {
        self.slots.len * std::mem::size_of::<Slot>() >= bytes
    }

    /// The capacity a general hash map holding the same entries would have: the searcher
    /// empties the table by it.
    #[inline]
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The home slot of `key`.
    #[inline]
    fn home(&self, key: u64) -> usize {
        home(key, self.shift)
    }

    /// Moves to a stamp no slot has: every slot is free then.
    fn next_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // Every stamp used: the slots are freed the slow way, once in 4 G times.
            self.slots.as_mut_slice().fill(Slot {
                key: 0,
                meta: 0,
                reach_at: 0,
                stamp: 0,
            });
            self.stamp = 1;
        }
    }

    /// Asks the processor to bring `key`'s home slot into its cache, so a [`Table::get`] a
    /// little later finds it there: the search prefetches a position's slot as soon as the
    /// move that makes it is played, before the tests that come ahead of the probe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if self.slots.len > 0 {
            let at = self.slots.ptr.as_ptr().wrapping_add(self.home(key));
            // SAFETY: `prefetch` is a hint: it reads nothing, cannot fault whatever the address,
            // and SSE, the feature it needs, is part of every x86-64 processor.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at.cast())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry of `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let slots = self.slots.as_slice();
        if slots.is_empty() {
            return None;
        }
        let mask = slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = slots[i & mask];
            if slot.stamp != self.stamp {
                return None;
            }
            if slot.key == key {
                return Some(Entry {
                    meta: slot.meta,
                    reach_at: slot.reach_at,
                });
            }
            i = (i & mask) + 1;
        }
    }

    /// Takes every entry away; the capacity stays (a general map keeps its buckets).
    pub fn clear(&mut self) {
        if self.len > 0 {
            self.len = 0;
            self.next_stamp();
        }
    }

    /// Takes every entry away and gives the memory back: the capacity is none.
    pub fn reset(&mut self) {
        // Freed here, not kept as the thread's spare: the allocator has just refused room.
        self.slots = Slots::none();
        *self = Table::new(0, self.max_slots);
    }

    /// Grows the capacity as a general map does when full. Only a count: the slots grow as
    /// the entries come ([`Table::make_room`]).
    pub fn grow(&mut self) {
        self.capacity = grown(self.capacity);
    }

    /// Makes room for one more entry (doubling the slots when they would be more than half
    /// full, up to the most slots, which fill to seven eighths); false when the allocator
    /// refuses it, or the most slots are that full (nothing is changed then).
    pub fn make_room(&mut self) -> bool {
        let (len, slots) = (self.len + 1, self.slots.len);
        if len * 2 <= slots || (slots >= self.max_slots && len * 8 <= slots * 7) {
            return true;
        }
        slots < self.max_slots && self.double()
    }

    /// Puts `entry` for `key`, in place of the one it had. [`Table::make_room`] must have
    /// made room first; without room nothing is put.
    pub fn insert(&mut self, key: u64, entry: Entry) {
        if self.slots.len == 0 {
            return;
        }
        let full = (self.len + 1) * 8 > self.slots.len * 7;
        let (home, stamp) = (self.home(key), self.stamp);
        let slots = self.slots.as_mut_slice();
        let mask = slots.len() - 1;
        let mut i = home & mask;
        let slot = Slot {
            key,
            meta: entry.meta,
            reach_at: entry.reach_at,
            stamp,
        };
        loop {
            let at = &mut slots[i];
            if at.stamp != stamp {
                if !full {
                    *at = slot;
                    self.len += 1;
                }
                return;
            }
            if at.key == key {
                *at = slot;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the slots (or makes the first ones: the thread's spare array if it has one)
    /// and puts every entry in its new place.
    fn double(&mut self) -> bool {
        if self.slots.len == 0 {
            let spare = SPARE.try_with(Cell::take).ok().flatten();
            // A spare larger than this table may grow is left to be freed.
            if let Some((slots, stamp)) = spare.filter(|(s, _)| s.len <= self.max_slots) {
                // The spare's slots are all older than its next stamp: the table is empty.
                self.slots = slots;
                self.stamp = stamp;
                self.shift = 64 - self.slots.len.trailing_zeros();
                self.next_stamp();
                return true;
            }
        }
        let size = (self.slots.len * 2).max(START_SLOTS);
        let Some(slots) = Slots::zeroed(size) else {
            return false;
        };
        let old = std::mem::replace(&mut self.slots, slots);
        let old_stamp = std::mem::replace(&mut self.stamp, 1);
        self.shift = 64 - size.trailing_zeros();
        let (mask, shift) = (size - 1, self.shift);
        let slots = self.slots.as_mut_slice();
        for &slot in old.as_slice().iter().filter(|s| s.stamp == old_stamp) {
            let mut i = home(slot.key, shift);
            while slots[i].stamp != 0 {
                i = (i + 1) & mask;
            }
            slots[i] = Slot { stamp: 1, ..slot };
        }
        if old.len <= SPARE_SLOTS && old.len > 0 {
            let _ = SPARE.try_with(|spare| spare.set(Some((old, old_stamp))));
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    fn entry(meta: u64) -> Entry {
        Entry { meta, reach_at: 7 }
    }

    #[test]
    fn capacity_follows_a_general_hash_map() {
        for reserve in [0, 1, 3, 4, 7, 8, 100, 1 << 12] {
            let mut map: FxHashMap<u64, Entry> = FxHashMap::default();
            if reserve > 0 {
                map.reserve(reserve);
            }
            let mut table = Table::new(reserve, 1 << 22);
            assert_eq!(
                table.capacity(),
                map.capacity(),
                "made with room for {reserve}"
            );
            for k in 0..20_000u64 {
                let key = k.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11;
                if map.len() == map.capacity() {
                    map.reserve(1);
                    table.grow();
                }
                map.insert(key, entry(k));
                assert!(table.make_room());
                table.insert(key, entry(k));
                assert_eq!(table.capacity(), map.capacity(), "after {k} entries");
                assert_eq!(table.len(), map.len());
            }
            map.clear();
            table.clear();
            assert_eq!((table.len(), table.capacity()), (map.len(), map.capacity()));
        }
    }

    #[test]
    fn entries_are_found_replaced_and_cleared() {
        let mut table = Table::new(0, 1 << 22);
        assert!(table.get(5).is_none());
        for k in 0..5_000u64 {
            assert!(table.make_room());
            table.insert(k << 20, entry(k));
        }
        for k in 0..5_000u64 {
            assert_eq!(table.get(k << 20).map(|e| e.meta), Some(k));
        }
        assert!(table.get(1).is_none());
        assert!(table.make_room());
        table.insert(3 << 20, entry(99));
        assert_eq!(table.get(3 << 20).map(|e| e.meta), Some(99));
        assert_eq!(table.len(), 5_000);
        table.clear();
        assert_eq!(table.len(), 0);
        assert!(table.get(3 << 20).is_none());
        assert!(table.make_room());
        table.insert(3 << 20, entry(1));
        assert_eq!(table.get(3 << 20).map(|e| e.meta), Some(1));
        table.reset();
        assert_eq!((table.len(), table.capacity()), (0, 0));
        assert!(table.get(3 << 20).is_none());
    }

    #[test]
    fn a_table_goes_between_threads_as_a_map_does() {
        fn send_and_sync<T: Send + Sync>() {}
        send_and_sync::<Table>();
        // A host keeps a `LocalReader` (which holds a table) wherever it likes.
        send_and_sync::<super::super::LocalReader>();
        let mut table = Table::new(0, 1 << 22);
        assert!(table.make_room());
        table.insert(9 << 20, entry(9));
        let got = std::thread::spawn(move || table.get(9 << 20).map(|e| e.meta))
            .join()
            .expect("the thread ends");
        assert_eq!(got, Some(9));
    }

    #[test]
    fn the_most_slots_fill_to_seven_eighths() {
        // A thread's spare array larger than the most slots is not taken.
        let mut big = Table::new(0, 1 << 22);
        for k in 0..1_500u64 {
            assert!(big.make_room());
            big.insert(k << 20, entry(k));
        }
        drop(big);
        let mut table = Table::new(0, 1024);
        for k in 0..896u64 {
            assert!(table.make_room(), "entry {k}");
            table.insert(k << 20, entry(k));
        }
        assert_eq!(table.slots.len, 1024);
        assert!(!table.make_room());
        // Putting again a key it holds needs no room.
        table.insert(5 << 20, entry(50));
        assert_eq!(table.get(5 << 20).map(|e| e.meta), Some(50));
        assert_eq!(table.len(), 896);
        assert!((0..896u64).all(|k| table.get(k << 20).is_some()));
    }

    #[test]
    fn a_spare_array_comes_back_empty() {
        for round in 0..3u64 {
            let mut table = Table::new(0, 1 << 22);
            assert!(table.get(7).is_none(), "round {round}");
            for k in 0..1_000u64 {
                assert!(table.make_room());
                table.insert(k * 7, entry(k + round));
            }
            assert_eq!(table.get(7).map(|e| e.meta), Some(1 + round));
            assert!(table.get(7_007).is_none());
            // Dropped here: its array, small, is the next table's.
        }
        let taken = SPARE.with(|spare| {
            let kept = spare.take();
            let len = kept.as_ref().map(|(slots, _)| slots.len);
            spare.set(kept);
            len
        });
        assert_eq!(taken, Some(2048));
    }
}
