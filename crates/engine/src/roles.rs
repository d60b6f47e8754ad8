//! The role tokens agents are known by. This is the one place that lists
//! them; everything else asks a [`RoleSet`].

use std::fmt;

/// The roles of the protocol (agent-protocol, "Valid roles").
pub const DEFAULT_ROLES: &[&str] = &[
    "ceo", "cfo", "cro", "cmo", "cpo", "cto", "chro", "coo", "ciso", "gc", "cdo", "caio", "cco",
    "vpe",
];

/// The only valid BROADCAST target.
pub const BROADCAST_TARGET: &str = "all";

/// A role, as an index into its [`RoleSet`]. Cheap to copy and compare.
/// Kept by its index (an agent hook's saved state, read back only with the
/// same roles).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Role(u16);

impl Role {
    /// Position in its [`RoleSet`], for per-role tables.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The set of valid role tokens, matched case-insensitively.
#[derive(Debug, Clone)]
pub struct RoleSet {
    names: Vec<String>,
}

impl Default for RoleSet {
    fn default() -> Self {
        Self::new(DEFAULT_ROLES.iter().copied())
    }
}

impl RoleSet {
    pub fn new<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut set = RoleSet { names: Vec::new() };
        for name in names {
            set.add(name);
        }
        set
    }

    /// Add a role token (lower-cased); adding a known one does nothing.
    pub fn add(&mut self, name: &str) {
        let name = name.to_lowercase();
        if !self.names.contains(&name) && self.names.len() < u16::MAX as usize {
            self.names.push(name);
        }
    }

    /// The role a token names, in any case (`JURÍDICO` is a configured
    /// `jurídico`).
    pub fn lookup(&self, token: &str) -> Option<Role> {
        let position = if token.is_ascii() {
            self.names
                .iter()
                .position(|n| n.eq_ignore_ascii_case(token))
        } else {
            let lower = token.to_lowercase();
            self.names.iter().position(|n| *n == lower)
        };
        position.map(|i| Role(i as u16))
    }

    pub fn name(&self, role: Role) -> &str {
        &self.names[role.0 as usize]
    }

    /// The role at this position of the set.
    pub fn at(&self, index: usize) -> Option<Role> {
        u16::try_from(index)
            .ok()
            .filter(|_| index < self.names.len())
            .map(Role)
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(String::as_str)
    }

    /// `a → b → c`, upper-cased as the protocol writes chains in prose.
    pub fn display_chain(&self, chain: &[Role]) -> ChainDisplay<'_> {
        ChainDisplay {
            set: self,
            chain: chain.to_vec(),
        }
    }

    /// The closest known token to a misspelt one, for "did you mean".
    pub fn suggest(&self, token: &str) -> Option<&str> {
        let token = token.to_ascii_lowercase();
        self.names
            .iter()
            .map(|n| (edit_distance(&token, n), n))
            .filter(|(d, n)| *d <= 1 || (*d <= 2 && n.len() > 3))
            .min_by_key(|(d, _)| *d)
            .map(|(_, n)| n.as_str())
    }
}

pub struct ChainDisplay<'a> {
    set: &'a RoleSet,
    chain: Vec<Role>,
}

impl fmt::Display for ChainDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, role) in self.chain.iter().enumerate() {
            if i > 0 {
                f.write_str(" → ")?;
            }
            f.write_str(self.set.name(*role))?;
        }
        Ok(())
    }
}

/// Levenshtein distance, for short tokens.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_is_case_insensitive() {
        let set = RoleSet::default();
        assert_eq!(set.lookup("CFO"), set.lookup("cfo"));
        assert!(set.lookup("cfo").is_some());
        assert!(set.lookup("board").is_none());
        assert!(set.lookup("all").is_none());
        let mut set = RoleSet::default();
        set.add("Jurídico");
        assert_eq!(set.lookup("JURÍDICO"), set.lookup("jurídico"));
        assert!(set.lookup("jurídico").is_some());
    }

    #[test]
    fn suggests_close_tokens() {
        let set = RoleSet::default();
        assert_eq!(set.suggest("cfoo"), Some("cfo"));
        assert!(matches!(set.suggest("chr"), Some("cro" | "chro")));
        assert_eq!(set.suggest("marketing"), None);
    }
}
