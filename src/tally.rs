//! The costly steps of a request, counted in the library's own tests: a body parsed, a key
//! hashed. The request path promises each once ([`crate::wire::Resolver::answer`]); a count,
//! not a clock, holds it to that. Outside the tests these are empty functions.

#[cfg(test)]
thread_local! {
    static PARSED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    static KEYED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A request body was parsed by its wire.
#[inline]
pub(crate) fn parsed() {
    #[cfg(test)]
    PARSED.with(|c| c.set(c.get() + 1));
}

/// A key was hashed.
#[inline]
pub(crate) fn keyed() {
    #[cfg(test)]
    KEYED.with(|c| c.set(c.get() + 1));
}

/// The (parses, keys) of this thread since the last call.
#[cfg(test)]
pub(crate) fn take() -> (usize, usize) {
    (PARSED.with(|c| c.replace(0)), KEYED.with(|c| c.replace(0)))
}
