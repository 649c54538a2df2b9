// What GET production-orders/:id/story answers: a production order's story beyond its own
// row (its lab samples, label checks, stamping orders, skids and transfers), for the order's
// detail page. Times are ISO 8601 strings; quantities are numbers.

export type ProductionOrderStory = {
  readonly hplc: readonly {
    readonly id: number;
    readonly number: string;
    readonly sample_no: number;
    /** initial, retest, rework. */
    readonly reason: string;
    readonly status: string;
    readonly sampled_at: string | null;
    /** The result's fields are null while the sample waits for the lab. */
    readonly nominal_mg: number | null;
    readonly measured_mg: number | null;
    readonly percent_of_claim: number | null;
    readonly min_pct: number | null;
    readonly max_pct: number | null;
    readonly passed: boolean | null;
    readonly override_passed: boolean | null;
    readonly override_reason: string | null;
    readonly tested_at: string | null;
    readonly analyst_name: string | null;
  }[];
  readonly label_checks: readonly {
    readonly id: number;
    readonly created_at: string;
    readonly scanned_code: string;
    readonly expected_code: string | null;
    readonly lot_no_scanned: string | null;
    /** pass or fail. */
    readonly result: string;
    readonly by_name: string | null;
  }[];
  readonly stamping: readonly {
    readonly id: number;
    readonly number: string | null;
    readonly status: string;
    readonly planned_units: number;
    readonly applied_stamps: number;
    readonly wasted_stamps: number;
    readonly damaged_stamps: number;
    readonly stamped_units: number;
    readonly wasted_bottles: number;
    readonly started_at: string | null;
    readonly finished_at: string | null;
  }[];
  readonly skids: readonly {
    readonly id: number;
    readonly skid_code: string;
    readonly skid_status: string;
    readonly units: number;
    readonly cases: number;
    readonly lot_no: string;
    readonly transfer_id: number | null;
    readonly transfer_number: string | null;
    readonly transfer_status: string | null;
    readonly to_location: string | null;
    readonly shipped_at: string | null;
    readonly received_at: string | null;
    readonly loaded_at: string;
  }[];
};
