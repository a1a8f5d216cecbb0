import { DataTable } from '../../../components/data-table';
import { QueryState } from '../../../components/query-state';
import { useProcessors } from '../api/privacy';

/** Who receives customers' data, as the server's configuration says (the privacy page lists the same). */
export function ProcessorsTable() {
  const query = useProcessors();
  return (
    <section aria-labelledby="processors-heading" className="space-y-3">
      <h2 id="processors-heading" className="font-serif text-2xl text-wine-900">
        Processors
      </h2>
      <QueryState query={query} what="The processors" loading="Loading the processors…">
        {(data) => (
          <DataTable
            caption="Processors and what each receives"
            columns={[
              { header: 'Who', className: 'font-semibold', cell: (processor) => processor.name },
              { header: 'Why', cell: (processor) => processor.purpose },
              { header: 'Receives', cell: (processor) => processor.receives },
              { header: 'Where', cell: (processor) => processor.location },
            ]}
            rows={data.processors}
            rowKey={(processor) => processor.id}
          />
        )}
      </QueryState>
    </section>
  );
}
