-- The federal vaping duty of the Excise Act, 2001, Schedule 8 (docs/domain/sales.md "Vaping
-- duty"): per immediate container, the first 10 mL at a rate per 2 mL or fraction, the rest at
-- a rate per 10 mL or fraction. $1.00 from October 1, 2022 (when the vaping duty framework came
-- into force); $1.12 from July 1, 2024 (the 12 % increase). Provincial additional duties are
-- left for an admin to enter: they are each province's law, not this file's.
INSERT INTO vaping_duty_rates (kind, effective_from, first_tier_ml, first_step_ml, first_step_amount, step_ml, step_amount, note)
VALUES
  ('federal', '2022-10-01', 10, 2, 1.00, 10, 1.00, 'Excise Act, 2001, Schedule 8'),
  ('federal', '2024-07-01', 10, 2, 1.12, 10, 1.12, 'Excise Act, 2001, Schedule 8 (12 % increase)')
ON CONFLICT DO NOTHING;
