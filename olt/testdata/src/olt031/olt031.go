package olt031

// Crm0 reads CRM record kind 0.
//
//tool:export namespace=crm
func Crm0() error { return nil }

// Crm1 reads CRM record kind 1.
//
//tool:export namespace=crm
func Crm1() error { return nil }

// Crm2 reads CRM record kind 2.
//
//tool:export namespace=crm
func Crm2() error { return nil }

// Crm3 reads CRM record kind 3.
//
//tool:export namespace=crm
func Crm3() error { return nil }

// Crm4 reads CRM record kind 4.
//
//tool:export namespace=crm
func Crm4() error { return nil }

// Crm5 reads CRM record kind 5.
//
//tool:export namespace=crm
func Crm5() error { return nil }

// Crm6 reads CRM record kind 6.
//
//tool:export namespace=crm
func Crm6() error { return nil }

// Crm7 reads CRM record kind 7.
//
//tool:export namespace=crm
func Crm7() error { return nil }

// Crm8 reads CRM record kind 8.
//
//tool:export namespace=crm
func Crm8() error { return nil }

// Crm9 reads CRM record kind 9.
//
//tool:export namespace=crm
func Crm9() error { return nil }

// Crm10 reads CRM record kind 10.
//
//tool:export namespace=crm
func Crm10() error { return nil } // want `OLT031: namespace crm has 12 tools \(tool crm10 is number 11\); OpenAI advises at most 10 a namespace`

// Crm11 reads CRM record kind 11.
//
//tool:export namespace=crm
func Crm11() error { return nil }

// Mail0 sends mail kind 0.
//
//tool:export namespace=mail
func Mail0() error { return nil }

// Mail1 sends mail kind 1.
//
//tool:export namespace=mail
func Mail1() error { return nil }

// Mail2 sends mail kind 2.
//
//tool:export namespace=mail
func Mail2() error { return nil }
