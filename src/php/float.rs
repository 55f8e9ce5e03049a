//! Doubles as PHP 8's `json_encode` writes them (`serialize_precision = -1`).

/// Appends a finite float as PHP 8 `json_encode` writes it (`serialize_precision = -1`).
pub fn write_float(out: &mut String, f: f64) {
    // The shortest digits that round-trip, with ties between two such digit strings broken
    // toward the value as zend_dtoa's mode 0 breaks them: ryu's digits (Rust's own formatting
    // picks the other string of a tie, `26363981746409.313` for PHP's `…312`).
    let mut buffer = ryu::Buffer::new();
    let (digits, exp) = shortest_digits(buffer.format_finite(f));
    if f.is_sign_negative() {
        out.push('-');
    }
    if (-4..17).contains(&exp) {
        if exp < 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-exp - 1) as usize));
            out.push_str(&digits);
        } else {
            let point = exp as usize + 1;
            if digits.len() <= point {
                out.push_str(&digits);
                out.extend(std::iter::repeat_n('0', point - digits.len()));
            } else {
                out.push_str(&digits[..point]);
                out.push('.');
                out.push_str(&digits[point..]);
            }
        }
    } else {
        out.push_str(&digits[..1]);
        out.push('.');
        out.push_str(if digits.len() > 1 { &digits[1..] } else { "0" });
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        out.push_str(&exp.unsigned_abs().to_string());
    }
}

/// The significant digits of ryu's text of a float (no sign, no leading or trailing zeros; `0`
/// for zero) and the decimal exponent of the first: `1.5e-7` is (`15`, -7), `100.0` (`1`, 2).
fn shortest_digits(text: &str) -> (String, i32) {
    let text = text.trim_start_matches('-');
    let (mantissa, exp) = match text.split_once(['e', 'E']) {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all: String = int.chars().chain(frac.chars()).collect();
    let leading = all.bytes().take_while(|&b| b == b'0').count();
    let digits = all[leading..].trim_end_matches('0');
    if digits.is_empty() {
        return ("0".into(), 0);
    }
    // The first significant digit's place: int.len() - 1 places above the point, less the
    // zeros before it.
    let place = int.len() as i32 - 1 - leading as i32 + exp;
    (digits.to_owned(), place)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn float(f: f64) -> String {
        let mut s = String::new();
        write_float(&mut s, f);
        s
    }

    #[test]
    fn floats_match_php() {
        assert_eq!(float(0.5), "0.5");
        assert_eq!(float(0.1), "0.1");
        assert_eq!(float(100.0), "100");
        assert_eq!(float(-0.0), "-0");
        assert_eq!(float(1e16), "10000000000000000");
        assert_eq!(float(1e17), "1.0e+17");
        assert_eq!(float(1e-5), "1.0e-5");
        assert_eq!(float(1.5e-7), "1.5e-7");
        assert_eq!(float(0.0001), "0.0001");
        assert_eq!(float(1.2345678901234568e17), "1.2345678901234568e+17");
        assert_eq!(float(18446744073709551615.0), "1.8446744073709552e+19");
        // Ties between two shortest digit strings, broken as zend_dtoa breaks them (checked
        // against PHP 8.2's json_encode).
        assert_eq!(float(26363981746409.312), "26363981746409.312");
        assert_eq!(float(123456789012345.67), "123456789012345.67");
        assert_eq!(float(5e-324), "5.0e-324");
        assert_eq!(float(1.7976931348623157e308), "1.7976931348623157e+308");
        assert_eq!(float(-7.799187958147e-6), "-7.799187958147e-6");
        assert_eq!(float(7.63082909753119e18), "7.63082909753119e+18");
        assert_eq!(float(0.0), "0");
    }
}
