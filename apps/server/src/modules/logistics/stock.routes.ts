// Stock per location (issue 25 "Stock", "compare inventory"): the places stock is kept, a location's expected stock
// page by page, and a count of it compared with what is expected.
import {
  stockCountAnswerSchema,
  stockCountQuerySchema,
  stockLocationsAnswerSchema,
  stockPageSchema,
  stockQuerySchema,
} from '@bottega/contracts/logistics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { readUpload } from '../../platform/file-transfer';
import { compareStockCount, listStock, listStockLocations } from './stock.service';

const tags = ['logistics'];
const access = 'shops.analytics.compareInventory';
/** A count sheet of a shop's whole range is well under this. */
const stockCountMaxBytes = 10 * 1024 * 1024;

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/stock/locations',
    {
      config: { access },
      schema: {
        tags,
        description: 'The warehouses, then the open shops in the person’s scope, that the stock page may show.',
        response: { 200: stockLocationsAnswerSchema },
      },
    },
    async (request) => ({ data: await listStockLocations({ db: app.db, session: sessionOf(request) }) }),
  );

  app.get(
    '/api/stock',
    {
      config: { access },
      schema: {
        tags,
        description:
          'A location’s expected stock by product code: moved by processed files less, in a shop, sold by its ' +
          'receipts (a product sold and never moved in shows below zero). search matches every word in the code or ' +
          'the description; nonZero leaves out products expected at 0. A shop outside the person’s scope answers 404.',
        querystring: stockQuerySchema,
        response: { 200: stockPageSchema },
      },
    },
    async (request) => listStock({ db: app.db, session: sessionOf(request), query: request.query }),
  );

  app.post(
    '/api/stock/count',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Compares a count (one CSV or XLSX file: a header naming the code column — codice, code… — and the counted ' +
          'column — quantità, counted, qty…) with the location’s expected stock. Stores nothing. Bad rows are each ' +
          'reported and then nothing is compared; codes outside the catalogue are listed; every product whose count ' +
          'differs is listed, one expected and not counted as counted 0.',
        consumes: ['multipart/form-data'],
        querystring: stockCountQuerySchema,
        response: { 200: stockCountAnswerSchema },
      },
    },
    async (request) => {
      const upload = await readUpload(request, stockCountMaxBytes);
      const data = await compareStockCount({
        db: app.db,
        session: sessionOf(request),
        query: request.query,
        bytes: upload.bytes,
      });
      return { data };
    },
  );
};
