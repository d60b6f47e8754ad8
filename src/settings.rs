//! The settings every rule reads. Defaults follow the protocol texts; a
//! configuration file can change them.

use crate::roles::RoleSet;

#[derive(Debug, Clone)]
pub struct Settings {
    pub roles: RoleSet,
    /// The deepest call chain allowed, in hops (agent-protocol Rule 2).
    pub max_depth: usize,
    /// The most bullets a card section may hold.
    pub bullet_limit: usize,
    /// Board-meeting phases in which no invocation is allowed.
    pub isolation_phases: Vec<u32>,
    /// Board-meeting phases of the critic, who may reference but not invoke.
    pub critique_phases: Vec<u32>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            roles: RoleSet::default(),
            max_depth: 2,
            bullet_limit: 5,
            isolation_phases: vec![2],
            critique_phases: vec![3],
        }
    }
}
