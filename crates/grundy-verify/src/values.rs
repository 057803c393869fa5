//! The listed values of a certificate as the checks hold them: read into any store
//! ([`ValueSink`]), and narrowly, one, two or four bytes a value ([`Compact`], [`Val`]).

/// Where [`Certificate::parse_into`] puts the values it reads.
pub(crate) trait ValueSink {
    /// An empty store with room for `n` values.
    fn with_capacity(n: usize) -> Self;
    /// Appends the value of the next heap.
    fn push(&mut self, v: u32);
    /// Values held.
    fn count(&self) -> usize;
}

impl ValueSink for Vec<u32> {
    fn with_capacity(n: usize) -> Self {
        Vec::with_capacity(n)
    }
    fn push(&mut self, v: u32) {
        Vec::push(self, v);
    }
    fn count(&self) -> usize {
        self.len()
    }
}

/// A listed value stored as narrowly as the largest value allows.
pub(crate) trait Val: Copy + Send + Sync {
    /// The value as u32.
    fn get(self) -> u32;
}

impl Val for u8 {
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Val for u16 {
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Val for u32 {
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
}

/// The listed values in one byte, two or four bytes each, whichever holds the largest.
pub(crate) enum Compact {
    /// Every value is below 256.
    U8(Vec<u8>),
    /// Every value is below 65536.
    U16(Vec<u16>),
    /// Any value.
    U32(Vec<u32>),
}

impl Compact {
    /// Copies `values` into the narrowest storage that holds each exactly.
    pub(crate) fn new(values: &[u32]) -> Compact {
        let largest = values.iter().copied().max().unwrap_or(0);
        if let Ok(max) = u8::try_from(largest) {
            debug_assert!(max == largest as u8);
            Compact::U8(values.iter().map(|&v| v as u8).collect())
        } else if u16::try_from(largest).is_ok() {
            Compact::U16(values.iter().map(|&v| v as u16).collect())
        } else {
            Compact::U32(values.to_vec())
        }
    }

    /// The values as u32, in heap order.
    pub(crate) fn iter(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match self {
            Compact::U8(g) => Box::new(g.iter().map(|&v| u32::from(v))),
            Compact::U16(g) => Box::new(g.iter().map(|&v| u32::from(v))),
            Compact::U32(g) => Box::new(g.iter().copied()),
        }
    }

    /// Bytes per stored value (1, 2 or 4).
    pub(crate) fn width(&self) -> u8 {
        match self {
            Compact::U8(_) => 1,
            Compact::U16(_) => 2,
            Compact::U32(_) => 4,
        }
    }
}

impl ValueSink for Compact {
    fn with_capacity(n: usize) -> Self {
        Compact::U8(Vec::with_capacity(n))
    }

    /// Appends `v`, widening the storage (a copy) the first time a value needs it.
    fn push(&mut self, v: u32) {
        match self {
            Compact::U8(g) => match u8::try_from(v) {
                Ok(b) => g.push(b),
                Err(_) => {
                    let mut wide: Vec<u32> = g.iter().map(|&x| u32::from(x)).collect();
                    wide.push(v);
                    *self = Compact::new(&wide);
                }
            },
            Compact::U16(g) => match u16::try_from(v) {
                Ok(h) => g.push(h),
                Err(_) => {
                    let mut wide: Vec<u32> = g.iter().map(|&x| u32::from(x)).collect();
                    wide.push(v);
                    *self = Compact::U32(wide);
                }
            },
            Compact::U32(g) => g.push(v),
        }
    }

    fn count(&self) -> usize {
        match self {
            Compact::U8(g) => g.len(),
            Compact::U16(g) => g.len(),
            Compact::U32(g) => g.len(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_storage_keeps_every_value() {
        assert_eq!(Compact::new(&[0, 255]).width(), 1);
        assert_eq!(Compact::new(&[0, 256]).width(), 2);
        assert_eq!(Compact::new(&[65535]).width(), 2);
        assert_eq!(Compact::new(&[65536]).width(), 4);
        match Compact::new(&[3, 70000]) {
            Compact::U32(v) => assert_eq!(v, vec![3, 70000]),
            _ => panic!("70000 needs four bytes"),
        }
        // Read one at a time, the storage widens when it must and keeps every value.
        let mut c = <Compact as ValueSink>::with_capacity(2);
        for v in [7, 200, 300, 65535, 65536, 1] {
            c.push(v);
        }
        assert_eq!(c.width(), 4);
        assert_eq!(c.count(), 6);
        assert_eq!(
            c.iter().collect::<Vec<_>>(),
            vec![7, 200, 300, 65535, 65536, 1]
        );
        let mut c = <Compact as ValueSink>::with_capacity(0);
        c.push(255);
        c.push(256);
        assert_eq!(
            (c.width(), c.iter().collect::<Vec<_>>()),
            (2, vec![255, 256])
        );
        match Compact::new(&[300, 65535]) {
            Compact::U16(v) => assert_eq!(v, vec![300, 65535]),
            _ => panic!("65535 fits two bytes"),
        }
    }
}
