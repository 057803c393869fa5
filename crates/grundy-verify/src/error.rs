//! Why a certificate could not be written, read or verified.

use grundy_types::ErrorKind;
use thiserror::Error;

/// Everything that can go wrong with a certificate: its text, its rules, its claim, or the
/// resources a check would need. Each message says what failed and, where it helps, what
/// to do.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CertError {
    /// The certificate text does not follow the format.
    #[error("line {line}: {message}")]
    Format {
        /// 1-based line number in the certificate text.
        line: usize,
        /// What was wrong and what was expected.
        message: String,
    },
    /// The certificate is of a format version this checker does not know.
    #[error(
        "certificate format version {found} is not supported (this checker reads version \
         {supported}); use a matching version of grundy"
    )]
    Version {
        /// The version written in the certificate.
        found: String,
        /// The version this checker reads.
        supported: u32,
    },
    /// The ruleset text is malformed or names rules no theorem here covers.
    #[error("rules {text:?}, at offset {offset}: {message}")]
    Rules {
        /// The ruleset text as given.
        text: String,
        /// Character offset of the offending character in `text`.
        offset: usize,
        /// What was wrong.
        message: String,
    },
    /// The period is 0.
    #[error("the period must be at least 1")]
    ZeroPeriod,
    /// A saltus other than 0: no theorem here certifies arithmetic periodicity.
    #[error(
        "saltus {saltus}: only plain periods (saltus 0) can be certified for finite codes \
         and finite subtraction sets"
    )]
    Saltus {
        /// The saltus claimed.
        saltus: u64,
    },
    /// The preperiod and period are so large that the values needed overflow 64 bits.
    #[error("preperiod {preperiod} and period {period} are too large to certify")]
    Overflow {
        /// The preperiod claimed.
        preperiod: u64,
        /// The period claimed.
        period: u64,
    },
    /// The `theorem` line does not match what the rules give.
    #[error("the theorem line says {stated:?} but the rules give {computed:?}")]
    TheoremMismatch {
        /// The theorem line of the certificate.
        stated: String,
        /// The theorem line the checker derives from the rules.
        computed: String,
    },
    /// The `count` line does not match the number of values listed.
    #[error("the count line says {stated} values but {listed} are listed")]
    CountMismatch {
        /// The count written in the certificate.
        stated: u64,
        /// The number of values listed.
        listed: u64,
    },
    /// The checksum does not match the values listed.
    #[error(
        "checksum mismatch: the certificate says {stated:X} but its values give {computed:X} \
         (the values or the checksum were altered)"
    )]
    Checksum {
        /// The checksum written in the certificate.
        stated: u32,
        /// The checksum of the values listed.
        computed: u32,
    },
    /// Fewer values than the theorem needs (or than the writer was given).
    #[error(
        "too few values: {theorem} needs {needed} values (heaps 0..{needed}) but {given} are \
         given; compute more values"
    )]
    TooFewValues {
        /// Values needed.
        needed: u64,
        /// Values given or listed.
        given: u64,
        /// The theorem and its parameters, as in the `theorem` line.
        theorem: String,
    },
    /// Recomputing the values would cost more than the limit allows.
    #[error(
        "recomputing {count} values would take about {work} option evaluations, more than the \
         limit of {limit}; raise the limit to check this certificate"
    )]
    TooMuchWork {
        /// Values to recompute.
        count: u64,
        /// Estimated option evaluations.
        work: u128,
        /// The limit in force.
        limit: u128,
    },
    /// The certificate lists more values than the checker may hold.
    #[error(
        "the certificate lists {count} values, more than the limit of {limit}; raise the \
         limit to check it"
    )]
    TooManyValues {
        /// Values listed.
        count: u64,
        /// The limit in force.
        limit: u64,
    },
    /// A listed value differs from the value the rules give.
    #[error(
        "wrong value: heap {heap} is listed as {stated} but the rules {rules} give {computed}"
    )]
    WrongValue {
        /// The heap size.
        heap: u64,
        /// The value listed in the certificate.
        stated: u32,
        /// The value recomputed from the rules.
        computed: u32,
        /// The rules, canonical.
        rules: String,
    },
    /// The period relation fails inside the values.
    #[error(
        "the period claim fails: G({later}) = {later_value} but G({heap}) = {value}, so \
         {period} is not a period from {preperiod}"
    )]
    PeriodFails {
        /// The smaller heap of the failing pair.
        heap: u64,
        /// Its value.
        value: u32,
        /// `heap + period`.
        later: u64,
        /// Its value.
        later_value: u32,
        /// The period claimed.
        period: u64,
        /// The preperiod claimed.
        preperiod: u64,
    },
    /// The preperiod claimed is not the least one.
    #[error(
        "the preperiod is not the least: G({later}) = G({heap}) = {value}, so the period \
         already holds from {heap} rather than {preperiod}"
    )]
    PreperiodNotLeast {
        /// The preperiod claimed.
        preperiod: u64,
        /// `preperiod - 1`.
        heap: u64,
        /// `preperiod - 1 + period`.
        later: u64,
        /// The common value.
        value: u32,
    },
    /// The period claimed is not the least one.
    #[error("the period is not the least: {smaller} is also a period from {preperiod}, not only {period}")]
    PeriodNotLeast {
        /// The period claimed.
        period: u64,
        /// A smaller period (a proper divisor) that also holds.
        smaller: u64,
        /// The preperiod claimed.
        preperiod: u64,
    },
    /// The computation was cancelled through the budget's handle.
    #[error("cancelled")]
    Cancelled,
    /// The budget's time limit was reached.
    #[error("the check reached its time limit of {limit:.1?}")]
    TimeLimit {
        /// The time limit.
        limit: std::time::Duration,
    },
}

/// A stop of the budget as the checker's error.
impl From<grundy_types::Stop> for CertError {
    fn from(stop: grundy_types::Stop) -> CertError {
        match stop {
            grundy_types::Stop::Cancelled => CertError::Cancelled,
            grundy_types::Stop::Time(limit) => CertError::TimeLimit { limit },
        }
    }
}

impl CertError {
    /// What kind of error this is: a check that would cost more work or hold more values than
    /// allowed is a limit, the raised flag a cancellation, and everything else wrong input: a
    /// text that is no certificate, or a certificate whose claim fails.
    pub fn kind(&self) -> ErrorKind {
        match self {
            CertError::TooMuchWork { .. }
            | CertError::TooManyValues { .. }
            | CertError::TimeLimit { .. } => ErrorKind::Limit,
            CertError::Cancelled => ErrorKind::Cancelled,
            CertError::Format { .. }
            | CertError::Version { .. }
            | CertError::Rules { .. }
            | CertError::ZeroPeriod
            | CertError::Saltus { .. }
            | CertError::Overflow { .. }
            | CertError::TheoremMismatch { .. }
            | CertError::CountMismatch { .. }
            | CertError::Checksum { .. }
            | CertError::TooFewValues { .. }
            | CertError::WrongValue { .. }
            | CertError::PeriodFails { .. }
            | CertError::PreperiodNotLeast { .. }
            | CertError::PeriodNotLeast { .. } => ErrorKind::Input,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{verify_text, Certificate, Method, VerifyOptions};

    #[test]
    fn kind_sorts_a_text_that_is_no_certificate_as_input_and_too_much_work_as_a_limit() {
        let opts = VerifyOptions::default();
        let bad = verify_text("not a certificate", &opts, &crate::Limits::default()).unwrap_err();
        assert!(matches!(bad, CertError::Format { .. }), "{bad}");
        assert_eq!(bad.kind(), ErrorKind::Input);
        // sub[1,2]: 0, 1, 2 repeated from heap 0.
        let values = (0..64u32).map(|n| n % 3);
        let cert = Certificate::new("sub[1,2]", values, 0, 3, 0).unwrap();
        let tight = VerifyOptions {
            max_work: 1,
            method: Method::Plain,
            ..VerifyOptions::default()
        };
        let work = verify_text(&cert.to_text(), &tight, &crate::Limits::default()).unwrap_err();
        assert!(matches!(work, CertError::TooMuchWork { .. }), "{work}");
        assert_eq!(work.kind(), ErrorKind::Limit);
    }
}
