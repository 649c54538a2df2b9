import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../server/db/client.ts';
import { nextNumber } from '../../../server/db/document-number.ts';
import { refreshTaskProgress } from './db/task-progress.ts';
import { pmProjects, pmTaskItemRecords, pmTaskItems, pmTasks } from './db/projects.schema.ts';
import { users } from '../../../server/db/schema/users.ts';

// Project Management demo (docs/domain/projects.md §9): a retrofit under way, a launch running late
// with an overdue and a blocked task, an audit completed two days early, and a cutover still
// planned, with checklist items ticked and hours logged, so every screen and the report show
// something. Dates are relative to the day the demo is seeded.

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type DemoTask = {
  title: string;
  from: number;
  to: number;
  status: 'todo' | 'in_progress' | 'blocked' | 'done';
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  /** Items: title and whether it is done; done items carry `hours` logged over two days. */
  items: [string, boolean, number?][];
};

type DemoProject = {
  name: string;
  owner: string;
  from: number;
  to: number;
  status: 'planned' | 'active' | 'completed';
  completed?: number;
  description: string;
  tasks: DemoTask[];
};

const PROJECTS: DemoProject[] = [
  {
    name: 'Line 3 filler retrofit',
    owner: 'manager',
    from: -30,
    to: 20,
    status: 'active',
    description: 'Replace the 10 ml filler heads on line 3 and commission them with QA.',
    tasks: [
      {
        title: 'Order filler heads',
        from: -30,
        to: -20,
        status: 'done',
        items: [
          ['Quote from two suppliers', true, 2],
          ['Purchase order approved', true, 0.5],
        ],
      },
      {
        title: 'Install and commission',
        from: -10,
        to: 10,
        status: 'in_progress',
        priority: 'high',
        items: [
          ['Lock out line 3', true, 1],
          ['Fit the new heads', true, 6.5],
          ['Fill-weight trial, 3 runs', false],
          ['QA sign-off', false],
        ],
      },
      {
        title: 'Operator training',
        from: 5,
        to: 15,
        status: 'todo',
        items: [
          ['Update the work instruction', false],
          ['Train both shifts', false],
        ],
      },
    ],
  },
  {
    name: 'New 60 ml bottle launch',
    owner: 'director',
    from: -60,
    to: -5,
    status: 'active',
    description: 'Bring the 60 ml format to market: artwork, labels and stability data.',
    tasks: [
      {
        title: 'Artwork approval',
        from: -60,
        to: -45,
        status: 'done',
        items: [
          ['Brand review', true, 3],
          ['Regulatory text check', true, 1.5],
        ],
      },
      {
        title: 'Label supplier trial',
        from: -40,
        to: -10,
        status: 'in_progress',
        priority: 'urgent',
        items: [
          ['Sample roll received', true, 1],
          ['Trial on the labeler', false],
        ],
      },
      {
        title: 'Stability testing',
        from: -35,
        to: 15,
        status: 'blocked',
        items: [
          ['Samples to the lab', true, 2],
          ['30-day results', false],
        ],
      },
    ],
  },
  {
    name: 'Warehouse racking audit',
    owner: 'manager',
    from: -90,
    to: -40,
    status: 'completed',
    completed: -42,
    description: 'Yearly racking inspection and the repairs it asked for.',
    tasks: [
      {
        title: 'Inspection walk',
        from: -90,
        to: -80,
        status: 'done',
        items: [
          ['Aisles A–D', true, 4],
          ['Aisles E–H', true, 3.5],
        ],
      },
      {
        title: 'Repairs',
        from: -75,
        to: -45,
        status: 'done',
        items: [['Replace two beams', true, 5]],
      },
    ],
  },
  {
    name: 'ERP cutover',
    owner: 'director',
    from: 10,
    to: 100,
    status: 'planned',
    description: 'Move purchasing and accounting onto the new ERP.',
    tasks: [{ title: 'Data mapping workshop', from: 10, to: 20, status: 'todo', items: [] }],
  },
];

export async function seedDemoProjects(tx: Tx): Promise<void> {
  const people = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['manager', 'director']));
  const idOf = new Map(people.map((p) => [p.username, p.id]));
  const manager = idOf.get('manager');
  if (!manager) return;
  for (const p of PROJECTS) {
    const owner = idOf.get(p.owner) ?? manager;
    const stamps = { createdBy: manager, updatedBy: manager };
    const [project] = await tx
      .insert(pmProjects)
      .values({
        ...stamps,
        number: await nextNumber(tx, 'pm_project'),
        name: p.name,
        ownerId: owner,
        startDate: day(p.from),
        dueDate: day(p.to),
        description: p.description,
        status: p.status,
        completedOn: p.completed === undefined ? null : day(p.completed),
      })
      .returning({ id: pmProjects.id });
    for (const [sort, t] of p.tasks.entries()) {
      const [task] = await tx
        .insert(pmTasks)
        .values({
          ...stamps,
          projectId: project!.id,
          title: t.title,
          assigneeId: owner,
          startDate: day(t.from),
          dueDate: day(t.to),
          priority: t.priority ?? 'normal',
          sort: (sort + 1) * 10,
          status: t.status,
          doneOn: t.status === 'done' ? day(t.to - 1) : null,
        })
        .returning({ id: pmTasks.id });
      for (const [title, done, hours] of t.items) {
        const [item] = await tx
          .insert(pmTaskItems)
          .values({
            ...stamps,
            taskId: task!.id,
            title,
            status: done ? 'done' : 'open',
            doneAt: done ? new Date(`${day(t.to - 1)}T15:00:00Z`) : null,
          })
          .returning({ id: pmTaskItems.id });
        if (hours) {
          const half = Math.round((hours / 2) * 100) / 100;
          await tx.insert(pmTaskItemRecords).values([
            {
              ...stamps,
              taskItemId: item!.id,
              recordDate: day(t.from),
              hours: String(half),
              note: 'Started',
            },
            {
              ...stamps,
              taskItemId: item!.id,
              recordDate: day(t.from + 1),
              hours: String(hours - half),
              note: 'Finished',
            },
          ]);
        }
      }
      await refreshTaskProgress(tx, task!.id);
    }
  }
}
