//! The hashers of the crate's own maps: FNV-1a for short keys no request can choose to collide,
//! and a pass-through for keys that are well-mixed hashes already. The standard SipHash is a
//! visible share of a key when a request has tens of thousands of ids.

/// FNV-1a: ids are short and hashing 40,000 of them with SipHash is a visible share of a key.
#[derive(Default)]
pub(crate) struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0 = fnv1a_from(if self.0 == 0 { FNV_OFFSET } else { self.0 }, bytes);
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv1a_from(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// FNV-1a for maps of short keys that no request can choose to collide (ids of a request,
/// paths and prompt hashes derived by sha256).
pub(crate) type FnvBuild = std::hash::BuildHasherDefault<Fnv>;

/// A hasher of keys that are well-mixed hashes already (of words, of request bodies): it
/// passes the `u64` it is given.
#[derive(Default)]
pub(crate) struct Prehashed(u64);

impl std::hash::Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Maps and sets keyed by hashes ([`Prehashed`]).
pub(crate) type PrehashedBuild = std::hash::BuildHasherDefault<Prehashed>;
